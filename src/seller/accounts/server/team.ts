import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { lockActiveOwners } from '#core/second-factor/server/sign-in/accounts.ts';
import { endMemberSessions } from '#core/second-factor/server/sign-in/sessions.ts';
import { recordAudit, type SellerAuditActor } from '#core/audit/server/audit.ts';
import { Problem } from '#server/problem.ts';
import { isSellerRole, type SellerRole } from '#core/permissions/seller-permissions.ts';
import type { TeamRow } from '../team-row.ts';
import { SELLER_REALM } from '#core/actors/server/seller-sessions.ts';

/** A member of a seller's team, as the team page lists them. */
export type TeamMember = TeamRow;

const columns = ['id', 'email', 'name', 'role', 'status', 'created_at'] as const;
type Row = { id: number; email: string; name: string; role: string; status: string; created_at: string };
const toMember = (row: Row): TeamMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: isSellerRole(row.role) ? row.role : 'orders',
  status: row.status as TeamMember['status'],
  createdAt: row.created_at,
});

/** The seller's team, removed members left out. */
export async function listTeam(db: ShopDb, sellerId: number): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('seller_members')
    .select(columns)
    .where('seller_id', '=', sellerId)
    .where('status', '!=', 'disabled')
    .orderBy('id')
    .execute();
  return rows.map(toMember);
}

/**
 * Changes a member's role or removes them (the owner): always within the owner's own seller (another seller's member is
 * not found: 404), never the owner themselves, never the last active owner. Their sessions end: a new role or a removal
 * starts from a fresh sign-in (or none). Audited in the same transaction.
 */
export async function changeMember(
  db: ShopDb,
  by: SellerAuditActor & { id: number; sellerId: number },
  memberId: number,
  change: { role: SellerRole } | { remove: true },
): Promise<TeamMember> {
  if (memberId === by.id) throw new Problem(409, 'seller.notYourself');
  return db.transaction().execute(async (trx) => {
    const owners = await lockActiveOwners(trx, SELLER_REALM, by.sellerId);
    const before = await trx
      .selectFrom('seller_members')
      .select(columns)
      .where('id', '=', memberId)
      .where('seller_id', '=', by.sellerId)
      .where('status', '!=', 'disabled')
      .executeTakeFirst();
    if (!before) throw new Problem(404, 'seller.memberNotFound');
    const losesOwner = before.role === 'owner' && ('remove' in change || change.role !== 'owner');
    if (losesOwner && owners.filter((id) => id !== memberId).length === 0) throw new Problem(409, 'seller.lastOwner');
    const set = 'remove' in change ? { status: 'disabled' } : { role: change.role };
    await trx
      .updateTable('seller_members')
      .set({ ...set, updated_at: isoNow() })
      .where('id', '=', memberId)
      .execute();
    await endMemberSessions(trx, SELLER_REALM, memberId);
    const after = await trx.selectFrom('seller_members').select(columns).where('id', '=', memberId).executeTakeFirstOrThrow();
    await recordAudit(trx, by, {
      action: 'remove' in change ? 'sellerMember.remove' : 'sellerMember.update',
      subject: { type: 'seller_member', id: memberId },
      before: { role: before.role, status: before.status },
      after: { role: after.role, status: after.status },
    });
    return toMember(after);
  });
}
