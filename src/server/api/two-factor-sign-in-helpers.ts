import type { Context, MiddlewareHandler } from 'hono';
import type { AuditAction } from '#core/audit/audit-actions.ts';
import { enforceLimits, hitsOf, LIMITS, takeSlot, tooMany } from '../auth/rate-limit.ts';
import { endSession, readSession, type MemberSession, type SessionMember } from '#core/second-factor/server/sign-in/sessions.ts';
import { recordAudit, type AuditActor, type SellerAuditActor } from '#core/audit/server/audit.ts';
import type { ShopDb } from '../db/index.ts';
import { Problem, type ProblemCode } from '../problem.ts';
import type { ApiEnv } from './context.ts';
import { clientAddress } from './session-cookie.ts';
import type { TwoFactorRealm } from '#core/second-factor/server/sign-in/realm.ts';
import type { RealmCookie } from './two-factor-cookie.ts';
import type { ResponseDoc } from './openapi/describe.ts';

/** The audit actions of one side's sign-in events. */
export interface SignInActions {
  signIn: AuditAction;
  failed: AuditAction;
  locked: AuditAction;
  refused: AuditAction;
  sessionEnd: AuditAction;
  recoveryCodeUse: AuditAction;
}

/** What differs between the desk's sign-in and the seller portal's (decision 031); the steps are the same. */
export interface SignInSide {
  realm: TwoFactorRealm;
  cookie: RealmCookie;
  /** `Staff` or `Seller`: the operations' summaries name it. */
  who: string;
  documented: (summary: string, responses: Record<number, ResponseDoc>) => MiddlewareHandler<ApiEnv>;
  actions: SignInActions;
  signedOut: ProblemCode;
  /** Who a member or a typed e-mail is, for the audit log (a seller member names their seller). */
  actorOf: (
    db: ShopDb,
    member: { id: number | null; email: string; role: string },
    address: string,
  ) => Promise<AuditActor | SellerAuditActor>;
}

/**
 * What every step of one side's sign-in (src/server/api/two-factor-sign-in.ts) shares: the session in progress, who
 * is signing in for the audit log, and the limits on failures (docs/security.md), each side's counted apart.
 */
export function signInHelpers(side: SignInSide) {
  const { realm, cookie, actions } = side;
  const key = (subject: string) => realm.limitPrefix + subject;

  /** The session a sign-in step continues (any stage), or a 401. */
  async function pendingSession(c: Context<ApiEnv>): Promise<MemberSession> {
    const session = await readSession(c.get('db'), realm, cookie.token(c));
    if (!session) throw new Problem(401, side.signedOut);
    return session;
  }
  const actorOf = (c: Context<ApiEnv>, member: SessionMember) => side.actorOf(c.get('db'), member, clientAddress(c));

  /** Who a typed e-mail names, for the audit log of a failed or refused sign-in. */
  async function actorForEmail(c: Context<ApiEnv>, email: string) {
    const row = await c.get('db').selectFrom(realm.members).select(['id', 'role']).where('email', '=', email).executeTakeFirst();
    return side.actorOf(c.get('db'), { id: row?.id ?? null, email, role: row?.role ?? 'unknown' }, clientAddress(c));
  }

  /** A sign-in event in the audit log (issue 34): who, from where, what happened. */
  const recordSignIn = (db: ShopDb, actor: AuditActor | SellerAuditActor, action: AuditAction, after?: unknown) =>
    recordAudit(db, actor, { action, subject: { type: realm.subject, id: actor.id ?? actor.email }, after });

  /**
   * Before the password is checked: the address's limit, then the e-mail's. A locked e-mail (10 failures in 15
   * minutes) still lets in an address with fewer than 3 failures for it, up to 50 such attempts: a burst of wrong
   * passwords from elsewhere cannot keep its operator out, and guessing from many addresses stays bounded.
   */
  async function takeSignInSlots(c: Context<ApiEnv>, email: string): Promise<void> {
    const db = c.get('db');
    const address = clientAddress(c);
    await enforceLimits(db, [['staffLoginAddress', key(address)]], 'tooManyLogins');
    const locked = await takeSlot(db, 'staffLoginAccount', key(email));
    if (locked === null) return;
    const failedHere = await hitsOf(db, 'staffLoginPair', key(`${email} ${address}`));
    const capped = failedHere >= LIMITS.staffLoginPair.max ? locked : await takeSlot(db, 'staffLoginAccountCap', key(email));
    if (capped === null) return;
    await recordSignIn(db, await actorForEmail(c, email), actions.refused, { reason: 'locked' });
    throw tooMany(capped, 'tooManyLogins');
  }

  /** Ends the session of every cookie of this side the request carries; a signed-in one's end is audited. */
  async function endPresentedSessions(c: Context<ApiEnv>, by: 'sign-in' | 'sign-out'): Promise<void> {
    const db = c.get('db');
    for (const token of cookie.presented(c)) {
      const session = await readSession(db, realm, token);
      if (!session) continue;
      await endSession(db, realm, session.tokenHash);
      if (session.stage === 'verified')
        await recordSignIn(db, await actorOf(c, session.member), actions.sessionEnd, { session: session.publicId, by });
    }
  }

  return { key, pendingSession, actorOf, actorForEmail, recordSignIn, takeSignInSlots, endPresentedSessions };
}

export type SignInHelpers = ReturnType<typeof signInHelpers>;
