import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { issueInvite } from './accounts.ts';
import { realmDb, tablesOf, type TwoFactorRealm } from './realm.ts';
import { endMemberSessions } from './sessions.ts';

/**
 * The way back for a member who lost their authenticator (issue 50): their account goes back to `invited` with a fresh
 * one-time link, exactly as their first invitation (src/core/second-factor/server/sign-in/accounts.ts, issueInvite). The password,
 * the authenticator secret and every recovery code are voided and every session ends, so nothing the lost phone (or
 * whoever holds it) knew still opens anything; whoever opens the link chooses a new password and enrols a new
 * authenticator. Inside the caller's transaction, which checks who may ask and audits it; null when there is no such
 * member or they were removed (a removed member comes back only through a new invitation).
 */
export async function reissueEnrolment(
  trx: ShopDb,
  realm: TwoFactorRealm,
  memberId: number,
  invitedBy: number | null,
): Promise<{ token: string; email: string; name: string } | null> {
  const t = tablesOf(realm);
  const db = realmDb(trx);
  const member = await db
    .selectFrom(t.members)
    .select(['email', 'name', 'role', 'status'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member || member.status === 'disabled') return null;
  await db.updateTable(t.members).set({ status: 'invited', updated_at: isoNow() }).where('id', '=', memberId).execute();
  await db.deleteFrom(t.recoveryCodes).where(t.key, '=', memberId).execute();
  await endMemberSessions(trx, realm, memberId);
  const { token } = await issueInvite(trx, realm, member, invitedBy);
  return { token, email: member.email, name: member.name };
}
