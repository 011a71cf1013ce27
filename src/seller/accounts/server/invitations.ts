import type { ShopDb } from '#server/db/index.ts';
import { issueInvite } from '#core/second-factor/server/sign-in/accounts.ts';
import { recordAudit, type SellerAuditActor } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { serverConfig } from '#server/config.ts';
import { Problem } from '#server/problem.ts';
import { localePath } from '#i18n/routes.ts';
import type { Locale } from '#i18n/locales.ts';
import type { SellerRole } from '#core/permissions/seller-permissions.ts';
import { SELLER_REALM } from '#core/actors/server/seller-sessions.ts';

/** The page an invitation link opens, in the invitee's language. */
export const sellerInviteLink = (locale: Locale, token: string): string =>
  `${serverConfig().publicOrigin}${localePath(locale, '/seller/accept-invite')}?token=${encodeURIComponent(token)}`;

/**
 * Invites a member to a seller's team (inside the caller's transaction, audited there): by staff when they approve the
 * partner application (the owner), then by the seller's owner (null: a script or a test, recorded as `cli`). An e-mail of another seller's team is refused: one
 * person signs in to one seller, and an invitation must never move a member from a team to another.
 */
export async function inviteSellerMember(
  trx: ShopDb,
  sellerId: number,
  input: { email: string; name: string; role: SellerRole },
  by: StaffActor | SellerAuditActor | null,
): Promise<{ memberId: number; token: string }> {
  const email = input.email.trim().toLowerCase();
  const existing = await trx.selectFrom('seller_members').select('seller_id').where('email', '=', email).executeTakeFirst();
  if (existing && existing.seller_id !== sellerId) throw new Problem(409, 'seller.memberElsewhere');
  const invitedBy = by && 'side' in by ? by.id : null;
  const invite = await issueInvite(trx, SELLER_REALM, { ...input, email }, invitedBy, { seller_id: sellerId });
  await recordAudit(trx, by, {
    action: 'sellerMember.invite',
    subject: { type: 'seller_member', id: invite.memberId },
    after: { seller_id: sellerId, email, role: input.role },
  });
  return invite;
}
