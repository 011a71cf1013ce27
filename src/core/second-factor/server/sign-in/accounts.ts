import { PostgresAdapter, sql } from 'kysely';
import type { ShopDb } from '#server/db/index.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '#server/auth/passwords.ts';
import { isoIn, isoNow, randomToken, sha256 } from '#server/auth/secrets.ts';
import { Problem } from '#server/problem.ts';
import { realmDb, tablesOf, type TwoFactorRealm } from './realm.ts';

/** An invitation link is good for three days: long enough for a weekend, short enough not to linger in a mailbox. */
const INVITE_SECONDS = 3 * 24 * 3600;

/**
 * Invites a member (inside the caller's transaction, which audits it): an `invited` account and a one-time link; the
 * password and the second factor are chosen by the invitee. Inviting an e-mail that is still invited issues a fresh
 * link, a disabled one starts over (new password, new second factor: the way back for someone who lost their phone
 * and their recovery codes); an active account is refused. `extra` holds the columns only one side has (seller_id).
 */
export async function issueInvite(
  trx: ShopDb,
  realm: TwoFactorRealm,
  input: { email: string; name: string; role: string },
  invitedBy: number | null,
  extra: Record<string, number> = {},
): Promise<{ memberId: number; token: string }> {
  const email = input.email.trim().toLowerCase();
  const token = randomToken();
  const t = tablesOf(realm);
  const db = realmDb(trx);
  const existing = await db.selectFrom(t.members).select(['id', 'status']).where('email', '=', email).executeTakeFirst();
  if (existing?.status === 'active') throw new Problem(409, 'admin.staffExists');
  const now = isoNow();
  const person = { name: input.name.trim(), role: input.role, status: 'invited', updated_at: now };
  const memberId = existing
    ? existing.id
    : (
        await db
          .insertInto(t.members)
          .values({ ...person, ...extra, email, invited_by: invitedBy, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  if (existing)
    await db
      .updateTable(t.members)
      .set({ ...person, password_hash: null, totp_secret: null, totp_last_step: null })
      .where('id', '=', memberId)
      .execute();
  await db.updateTable(t.invites).set({ used_at: now }).where(t.key, '=', memberId).where('used_at', 'is', null).execute();
  await db
    .insertInto(t.invites)
    .values({
      token_hash: sha256(token),
      ...({ [t.key]: memberId } as { member_id: number }),
      expires_at: isoIn(INVITE_SECONDS),
      used_at: null,
    })
    .execute();
  return { memberId, token };
}

/** Who an invitation is for, while it is still good (the accept page greets them). */
export async function readInviteOf(
  db: ShopDb,
  realm: TwoFactorRealm,
  token: string,
): Promise<{ memberId: number; email: string; name: string } | null> {
  const t = tablesOf(realm);
  const row = await realmDb(db)
    .selectFrom(`${t.invites} as i` as 'invites as i')
    .innerJoin(`${t.members} as m` as 'members as m', 'm.id', `i.${t.key}` as 'i.member_id')
    .select(['m.id', 'm.email', 'm.name'])
    .where('i.token_hash', '=', sha256(token))
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', isoNow())
    .where('m.status', '=', 'invited')
    .executeTakeFirst();
  return row ? { memberId: row.id, email: row.email, name: row.name } : null;
}

/** Takes an invitation: sets the password; the second factor is enrolled next (the session starts at `enrol`). */
export async function acceptInviteOf(db: ShopDb, realm: TwoFactorRealm, token: string, password: string): Promise<number> {
  if (isCommonPassword(password))
    throw new Problem(422, 'admin.commonPassword', { fields: { password: ['admin.commonPassword'] } });
  const hash = await hashPassword(password);
  const t = tablesOf(realm);
  return db.transaction().execute(async (trx) => {
    const used = await realmDb(trx)
      .updateTable(t.invites)
      .set({ used_at: isoNow() })
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', isoNow())
      .returning(t.key)
      .executeTakeFirst();
    if (!used) throw new Problem(410, 'admin.inviteExpired');
    const memberId = (used as Record<string, number>)[t.key]!;
    const activated = await realmDb(trx)
      .updateTable(t.members)
      .set({ password_hash: hash, status: 'active', totp_secret: null, totp_last_step: null, updated_at: isoNow() })
      .where('id', '=', memberId)
      .where('status', '=', 'invited')
      .executeTakeFirst();
    if (Number(activated.numUpdatedRows) !== 1) throw new Problem(410, 'admin.inviteExpired');
    return memberId;
  });
}

// Compared against when the e-mail is unknown, so a wrong address takes as long as a wrong password.
let decoy: Promise<string> | undefined;

/** The first factor: the active member with this e-mail and password, or null. */
export async function checkPasswordOf(
  db: ShopDb,
  realm: TwoFactorRealm,
  email: string,
  password: string,
): Promise<{ id: number; enrolled: boolean } | null> {
  const row = await realmDb(db)
    .selectFrom(tablesOf(realm).members)
    .select(['id', 'password_hash', 'totp_secret', 'status'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  const allowed = row && (!realm.memberAllowed || (await realm.memberAllowed(db, row.id)));
  if (!row?.password_hash || row.status !== 'active' || !allowed) {
    decoy ??= hashPassword('decoy-password-for-timing');
    await verifyPassword(password, await decoy);
    return null;
  }
  return (await verifyPassword(password, row.password_hash)) ? { id: row.id, enrolled: row.totp_secret !== null } : null;
}

/**
 * The active owners (of one seller, when `sellerId` is given), locked until the transaction ends: `SELECT … FOR UPDATE`
 * on PostgreSQL, so of two owners demoting each other at once the second waits for the first and then counts what it
 * left; SQLite runs one write transaction at a time (and Kysely's one connection serialises transactions), so its
 * count is already current.
 */
export async function lockActiveOwners(trx: ShopDb, realm: TwoFactorRealm, sellerId?: number): Promise<number[]> {
  let query = realmDb(trx)
    .selectFrom(tablesOf(realm).members)
    .select('id')
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .orderBy('id');
  if (sellerId !== undefined) query = query.where(sql.ref('seller_id'), '=', sellerId);
  const rows = await (trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).execute();
  return rows.map((row) => row.id);
}
