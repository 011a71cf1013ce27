import { dictionary } from '#i18n/t.ts';
import { interpolate } from '#i18n/interpolate.ts';
import { localeOr } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import type { ApplicationView, ApprovalResult } from '../partner-views.ts';
import type { ApproveApplicationInput } from '#lib/schemas/admin-partners.ts';
import { smsSender } from '#server/auth/sms/sender.ts';
import { serverConfig } from '#server/config.ts';
import type { ShopDb } from '#server/db/index.ts';
import { isUniqueViolation, nowIso } from '#server/db/values.ts';
import { fieldProblem, Problem } from '#server/problem.ts';
import { announceCatalogChange } from '#server/services/catalog/catalog-changes.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { readApplication } from './applications.ts';
import { inviteSellerMember, sellerInviteLink } from '#seller/accounts/server/invitations.ts';
import { log } from '#server/observability/logger.ts';

/**
 * Deciding a partner application (issue 23): approval creates the seller and its page, rejection records why; each
 * in one transaction with its audit record, conditional on the application still waiting (of two operators deciding
 * at once, one wins and the other is told). The applicant hears by SMS, in the language they applied in, after the
 * decision is committed: a provider that fails never undoes it, and the desk says the message did not go.
 */

const stale = async (db: ShopDb, id: number): Promise<Problem> => {
  const now = await readApplication(db, id);
  return now
    ? new Problem(409, 'adminPartners.alreadyDecided', { detail: { status: now.status } })
    : new Problem(404, 'adminPartners.applicationNotFound');
};

/** A new seller's logo until one is uploaded: the shop's generated drawing, a hue of its own per seller. */
const generatedLogo = (sellerId: number) => `/api/media/art/gift-${(sellerId * 53) % 360}-0.svg`;

export async function approveApplication(
  db: ShopDb,
  id: number,
  input: ApproveApplicationInput,
  actor: StaffActor,
): Promise<ApprovalResult> {
  const decided_at = nowIso();
  let seller: { id: number; slug: string; inviteToken: string };
  try {
    seller = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('sellers')
        .values({ ...input, rating: 0, logo: '' })
        .returning(['id', 'slug'])
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('sellers')
        .set({ logo: generatedLogo(row.id) })
        .where('id', '=', row.id)
        .execute();
      const moved = await trx
        .updateTable('partner_applications')
        .set({ status: 'approved', decided_at, decided_by: actor.id, decision_reason: null, seller_id: row.id })
        .where('id', '=', id)
        .where('status', '=', 'received')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw await stale(trx, id);
      await recordAudit(trx, actor, {
        action: 'partner.approve',
        subject: { type: 'partner_application', id },
        after: { seller_id: row.id, ...input },
      });
      // The applicant becomes the seller's owner in the portal: invited now, with the e-mail they applied with.
      const applicant = await trx
        .selectFrom('partner_applications')
        .select(['email', 'brand_name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const { token } = await inviteSellerMember(
        trx,
        row.id,
        { email: applicant.email, name: applicant.brand_name, role: 'owner' },
        actor,
      );
      return { id: row.id, slug: row.slug, inviteToken: token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw fieldProblem(409, 'adminPartners.slugTaken', 'slug');
    }
    throw error;
  }
  // The directory, the brand filter and the sitemap list sellers: a new catalog version shows the new one everywhere.
  await announceCatalogChange(db, { productIds: [], urgent: true });
  const application = (await readApplication(db, id))!;
  const path = localePath(language(application), `/seller-profile/${seller.id}`);
  const notified = await notify(db, application, (t) =>
    interpolate(t.adminPartners.sms.approved, { brand: application.brand_name, url: serverConfig().publicOrigin + path }),
  );
  // Shown to the staff member who approved, as a staff invitation is (docs/sellers.md): they pass it on.
  const ownerInvite = { email: application.email, link: sellerInviteLink(language(application), seller.inviteToken) };
  return { application, seller: { id: seller.id, slug: seller.slug }, notified, ownerInvite };
}

export async function rejectApplication(
  db: ShopDb,
  id: number,
  reason: string,
  actor: StaffActor,
): Promise<{ application: ApplicationView; notified: boolean }> {
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('partner_applications')
      .set({ status: 'rejected', decided_at: nowIso(), decided_by: actor.id, decision_reason: reason })
      .where('id', '=', id)
      .where('status', '=', 'received')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw await stale(trx, id);
    await recordAudit(trx, actor, { action: 'partner.reject', subject: { type: 'partner_application', id }, reason });
  });
  const application = (await readApplication(db, id))!;
  const notified = await notify(db, application, (t) =>
    interpolate(t.adminPartners.sms.rejected, { brand: application.brand_name, reason }),
  );
  return { application, notified };
}

const language = (application: ApplicationView) => localeOr(application.locale);

/** Texts the applicant; false when the provider refused (logged for the operator, the decision stands). */
async function notify(
  db: ShopDb,
  application: ApplicationView,
  text: (t: ReturnType<typeof dictionary>) => string,
): Promise<boolean> {
  try {
    await smsSender(db).send(application.mobile, text(dictionary(language(application))));
    return true;
  } catch (error) {
    log().error({ application: application.id, err: error }, 'partner decision not sent by SMS');
    return false;
  }
}
