import type { ShopDb } from '#server/db/index.ts';
import { reissueEnrolment } from '#core/second-factor/server/sign-in/second-factor-reset.ts';
import { recordAudit, type SellerAuditActor } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { Problem, type ProblemCode } from '#server/problem.ts';
import { SELLER_REALM } from '#core/actors/server/seller-sessions.ts';

/** Whose authenticator is reset, and what answers when that member is not there to reset. */
export interface ResetTarget {
  sellerId: number;
  memberId: number;
  /** The desk resets a seller's owners only; the seller's owner resets anyone of their team. */
  ownersOnly: boolean;
  notFound: ProblemCode;
}

/**
 * A seller member who lost their authenticator (and their recovery codes) gets a new enrolment link (issue 50): asked
 * by staff with partners.manage for a seller's owner (nobody else can help a team whose only owner is locked out), or
 * by the seller's owner for a member of their team. The member is found only within the seller named, never the one
 * asking; an owner cannot reset themselves here (a signed-in owner renews their own codes on their account page).
 * Their password, authenticator, recovery codes and sessions are voided (reissueEnrolment) and the reset is audited
 * with who asked, from where and, for staff, how they checked it was the owner asking.
 */
export async function resetSellerAuthenticator(
  db: ShopDb,
  target: ResetTarget,
  by: StaffActor | SellerAuditActor,
  reason: string | null,
): Promise<{ memberId: number; email: string; name: string; token: string }> {
  if ('side' in by && by.id === target.memberId) throw new Problem(409, 'seller.notYourself');
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('seller_members')
      .select(['id', 'role', 'status'])
      .where('id', '=', target.memberId)
      .where('seller_id', '=', target.sellerId)
      .where('status', '!=', 'disabled');
    if (target.ownersOnly) query = query.where('role', '=', 'owner');
    const before = await query.executeTakeFirst();
    if (!before) throw new Problem(404, target.notFound);
    const invitedBy = 'side' in by ? by.id : null;
    const reissued = await reissueEnrolment(trx, SELLER_REALM, target.memberId, invitedBy);
    if (!reissued) throw new Problem(404, target.notFound);
    await recordAudit(trx, by, {
      action: 'sellerMember.authenticator.reset',
      subject: { type: 'seller_member', id: target.memberId },
      before: { status: before.status },
      after: { seller_id: target.sellerId, email: reissued.email, role: before.role, status: 'invited' },
      reason,
    });
    return { memberId: target.memberId, ...reissued };
  });
}
