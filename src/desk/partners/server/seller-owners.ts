import type { ShopDb } from '#server/db/index.ts';
import { Problem } from '#server/problem.ts';
import type { Locale } from '#i18n/locales.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { resetSellerAuthenticator } from '#seller/accounts/server/authenticator-reset.ts';
import { sellerInviteLink } from '#seller/accounts/server/invitations.ts';
import type { SellerOwnerView } from '../partner-views.ts';

/** Every seller's owners (not the removed ones), by seller: whom the desk can give a new enrolment link. */
export async function ownersBySeller(db: ShopDb, sellerId?: number): Promise<Map<number, SellerOwnerView[]>> {
  let query = db
    .selectFrom('seller_members')
    .select(['id', 'seller_id', 'name', 'email', 'status'])
    .where('role', '=', 'owner')
    .where('status', '!=', 'disabled')
    .orderBy('id');
  if (sellerId !== undefined) query = query.where('seller_id', '=', sellerId);
  const owners = new Map<number, SellerOwnerView[]>();
  for (const row of await query.execute()) {
    const status = row.status === 'active' ? 'active' : 'invited';
    owners.set(row.seller_id, [...(owners.get(row.seller_id) ?? []), { id: row.id, name: row.name, email: row.email, status }]);
  }
  return owners;
}

/** One seller's owners; 404 without such a seller. */
export async function sellerOwners(db: ShopDb, sellerId: number): Promise<SellerOwnerView[]> {
  const seller = await db.selectFrom('sellers').select('id').where('id', '=', sellerId).executeTakeFirst();
  if (!seller) throw new Problem(404, 'adminPartners.sellerNotFound');
  return (await ownersBySeller(db, sellerId)).get(sellerId) ?? [];
}

/**
 * A seller's owner lost their authenticator and recovery codes (issue 50): staff with partners.manage, having checked it
 * is the owner asking (the reason says how), give them a new one-time link, shown here to pass on as at the approval.
 */
export async function resetOwnerAuthenticator(
  db: ShopDb,
  sellerId: number,
  memberId: number,
  reason: string,
  actor: StaffActor,
  locale: Locale,
): Promise<{ id: number; email: string; invite_link: string }> {
  const reset = await resetSellerAuthenticator(
    db,
    { sellerId, memberId, ownersOnly: true, notFound: 'adminPartners.ownerNotFound' },
    actor,
    reason,
  );
  return { id: reset.memberId, email: reset.email, invite_link: sellerInviteLink(locale, reset.token) };
}
