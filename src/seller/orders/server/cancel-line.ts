import type { OrderStatus } from '#lib/orders/order-status.ts';
import { refreshOrderSummary } from '#core/reports/server/order-summaries.ts';
import type { ShopDb } from '#server/db/index.ts';
import { nowIso } from '#server/db/values.ts';
import { announceCatalogChange } from '#server/services/catalog/catalog-changes.ts';
import { cancelWithin } from '#core/orders/server/cancel-order.ts';
import { moveParts, recordOrderNote } from '#core/orders/server/lifecycle.ts';
import { refundLine } from '#core/orders/server/refunds.ts';
import { restoreStock } from '#server/services/orders/stock.ts';
import { lockShopper } from '#server/services/shopper-lock.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit, type SellerAuditActor } from '#core/audit/server/audit.ts';
import { PART_LINES_CANCELLABLE } from '#lib/orders/part-status.ts';
import { withoutLine } from '#lib/orders/line-cancellation.ts';
import { localized } from '#i18n/localized.ts';
import { isLocale } from '#i18n/locales.ts';
import { partForWork, type MemberActor } from './work-part.ts';

/** Until the parcel is ready to ship, as staff may cancel (the shop's rule); after that it is the desk's to handle. */
const LINE_CANCELLABLE_ORDER = ['PLACED', 'ACCEPT', 'PREPARE'] as const;

/** How an order event names a seller member: `seller:<member id>`. */
export const sellerActorTag = (actor: Pick<SellerAuditActor, 'id'>): string => `seller:${actor.id}`;

/**
 * A line the seller cannot supply (out of stock) is cancelled with the shop's rules (docs/orders.md): when it is the
 * order's last line the whole order is cancelled through cancelWithin (stock, coupon, money back, every part
 * cancelled); otherwise the line alone — its units back through restoreStock (a `cancel` stock movement), its cost off
 * the order's totals (line-money.ts) and given back (refundLine), an event on the order's timeline, the part cancelled
 * when none of its lines is left. One transaction, audited; a second click finds the line gone (409).
 */
export async function cancelLine(db: ShopDb, actor: MemberActor, partId: number, lineId: number): Promise<void> {
  const tag = sellerActorTag(actor);
  const productIds = await db.transaction().execute(async (trx) => {
    const part = await partForWork(trx, actor.sellerId, partId);
    const line = await trx
      .selectFrom('order_lines')
      .innerJoin('products', 'products.id', 'order_lines.product_id')
      .select([
        'order_lines.id',
        'order_lines.product_id',
        'order_lines.name_en',
        'order_lines.name_ar',
        'order_lines.cancelled_at',
      ])
      .select(['order_lines.unit_price', 'order_lines.before_discount', 'order_lines.quantity', 'order_lines.line_total'])
      .where('order_lines.id', '=', lineId)
      .where('order_lines.order_id', '=', part.order_id)
      .where('products.seller_id', '=', actor.sellerId)
      .executeTakeFirst();
    if (!line) throw new Problem(404, 'seller.lineNotFound');
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', part.order_id).executeTakeFirstOrThrow();
    const open = (LINE_CANCELLABLE_ORDER as readonly string[]).includes(order.status);
    if (line.cancelled_at !== null || !PART_LINES_CANCELLABLE.includes(part.status) || !open)
      throw new Problem(409, 'seller.partMovedOn');
    const name = localized(isLocale(order.locale) ? order.locale : 'en', { en: line.name_en, ar: line.name_ar });
    const note = `${name} × ${line.quantity}`;
    const live = await trx
      .selectFrom('order_lines')
      .select('id')
      .where('order_id', '=', order.id)
      .where('cancelled_at', 'is', null)
      .execute();
    const audit = (after: Record<string, unknown>) =>
      recordAudit(trx, actor, {
        action: 'orderLine.cancel',
        subject: { type: 'order', id: order.id },
        before: { part: partId, line: lineId, total: order.total, wallet_amount: order.wallet_amount },
        after,
      });
    if (live.length === 1) {
      // Nothing else left in the order: it is cancelled as a whole, as the desk would (the card's money owed back).
      const ids = await cancelWithin(trx, {
        orderId: order.id,
        userId: null,
        actor: tag,
        from: [order.status as OrderStatus],
        note,
      });
      await audit({ part: partId, line: lineId, order: 'CANCELED' });
      return ids;
    }
    await lockShopper(trx, order.user_id);
    const { sums, offTotal, offWallet } = withoutLine(order, line);
    const now = nowIso();
    const marked = await trx
      .updateTable('order_lines')
      .set({ cancelled_at: now })
      .where('id', '=', lineId)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) throw new Problem(409, 'seller.partMovedOn');
    await restoreStock(trx, [line], { orderId: order.id, reason: 'cancel', actor: tag });
    await trx
      .updateTable('orders')
      .set({ ...sums, updated_at: now })
      .where('id', '=', order.id)
      .execute();
    await refreshOrderSummary(trx, order.id);
    const paidOnline = order.payment_status === 'paid';
    await refundLine(trx, order, { fromPayment: paidOnline ? offTotal : 0, fromWallet: offWallet });
    await recordOrderNote(trx, order.id, tag, note);
    const left = await trx
      .selectFrom('order_lines')
      .innerJoin('products', 'products.id', 'order_lines.product_id')
      .select('order_lines.id')
      .where('order_lines.order_id', '=', order.id)
      .where('products.seller_id', '=', actor.sellerId)
      .where('order_lines.cancelled_at', 'is', null)
      .executeTakeFirst();
    if (!left) await moveParts(trx, { partId, sellerId: actor.sellerId }, PART_LINES_CANCELLABLE, 'cancelled');
    await audit({ part: partId, line: lineId, total: sums.total, wallet_amount: sums.wallet_amount });
    return [line.product_id];
  });
  await announceCatalogChange(db, { productIds });
}
