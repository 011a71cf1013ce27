import type { ShopDb } from '../../db/index.ts';
import { recordAudit } from '../../../desk/audit/server/audit.ts';
import type { DeskActor } from '../../../desk/staff/server/staff-actor.ts';
import { serverConfig } from '../../config.ts';
import { toInt } from '../../db/values.ts';
import { creditLeg, debitLeg, type LedgerAccount } from '../../../lib/seller-ledger/accounts.ts';
import { pickRule, splitLine } from '../../../lib/seller-ledger/commission.ts';
import { splitCoupon } from '../../../lib/seller-ledger/coupon-split.ts';
import { commissionRules } from './rules.ts';
import { lockSellerMoney, postTransaction } from './post.ts';

const DAY_MS = 86_400_000;

/**
 * An order was delivered (called by the desk's one mover, src/server/admin/orders/desk-moves.ts, in the move's
 * transaction): one commission line and one ledger transaction per order line, under the rule that applies now.
 * Cash collected at the door sits with the couriers; a prepaid line is owed by the provider (or was the wallet's).
 * The seller's share is pending until the return window ends (SELLER_RETURN_WINDOW_DAYS). The order's coupon is the
 * marketplace's (decision 030 › Coupons): each line's share of it (splitCoupon) is debited to
 * `marketplace_promotions` instead of the collecting account, so that account holds what was really collected, while
 * the seller's share and the commission stay computed on the line's full price. A line cancelled before delivery was
 * not delivered and writes nothing. Written once: a repeat writes nothing (unique per line).
 */
export async function recordDeliveredSales(
  trx: ShopDb,
  orderId: number,
  actor: DeskActor | null,
  at = new Date(),
): Promise<void> {
  const lines = await trx
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .select(['order_lines.id', 'order_lines.line_total', 'products.seller_id', 'products.category_id'])
    .select(['orders.payment_method', 'orders.coupon_discount'])
    .where('order_lines.order_id', '=', orderId)
    .where('order_lines.cancelled_at', 'is', null)
    .orderBy('products.seller_id')
    .orderBy('order_lines.id')
    .execute();
  if (!lines.length) return;
  const rules = await commissionRules(trx);
  const now = at.toISOString();
  const availableAt = new Date(at.getTime() + serverConfig().sellerReturnWindowDays * DAY_MS).toISOString();
  // The order's coupon_discount is already the one over its live lines (a cancelled line shrank it, withoutLine).
  const couponShares = splitCoupon(
    lines[0]!.coupon_discount,
    lines.map((line) => ({ id: line.id, lineTotal: line.line_total })),
  );
  const sellers = new Map<number, { gross: number; commission: number; coupon: number }>();
  for (const [index, line] of lines.entries()) {
    const coupon = couponShares[index]!;
    await lockSellerMoney(trx, line.seller_id, now);
    const rule = pickRule(rules, { sellerId: line.seller_id, categoryId: line.category_id });
    const { commission, sellerShare } = splitLine(rule, line.line_total);
    const from = line.payment_method === 'cash_on_delivery' ? 'cod_with_couriers' : 'provider_receivable';
    const transactionId = await postTransaction(trx, {
      kind: 'sale',
      sellerId: line.seller_id,
      orderId,
      sourceKey: `sale:line:${line.id}`,
      availableAt,
      at: now,
      legs: [
        debitLeg(from, null, line.line_total - coupon),
        debitLeg('marketplace_promotions', null, coupon),
        creditLeg('seller_pending', line.seller_id, sellerShare),
        creditLeg('commission_revenue', null, commission),
      ],
    });
    if (transactionId === null) continue;
    await trx
      .insertInto('seller_commission_lines')
      .values({
        order_id: orderId,
        order_line_id: line.id,
        seller_id: line.seller_id,
        kind: 'sale',
        gross: line.line_total,
        commission,
        seller_share: sellerShare,
        rule_scope: rule?.scope ?? 'none',
        transaction_id: transactionId,
        created_at: now,
      })
      .execute();
    const sum = sellers.get(line.seller_id) ?? { gross: 0, commission: 0, coupon: 0 };
    sellers.set(line.seller_id, {
      gross: sum.gross + line.line_total,
      commission: sum.commission + commission,
      coupon: sum.coupon + coupon,
    });
  }
  for (const [sellerId, sum] of sellers)
    await recordAudit(trx, actor, {
      action: 'seller.sale',
      subject: { type: 'seller', id: sellerId },
      after: {
        order_id: orderId,
        gross: sum.gross,
        commission: sum.commission,
        marketplace_coupon: sum.coupon,
        available_at: availableAt,
      },
    });
}

/**
 * Goods given back after delivery (a return, a refund of delivered lines): a reversing commission line and ledger
 * transaction per line, taking the seller's share back from pending, or from available once it was released (it may
 * go below zero: a debt the next sales pay off, never a payout), the commission back from revenue, and the line's
 * share of the coupon back from the marketplace's promotions (read from the sale's own entry, so exactly what the
 * sale booked). The shopper is owed what they paid for the line: its price less that share. Lines already reversed
 * are skipped. Returns the piastres owed back to the shopper.
 */
export async function reverseDeliveredLines(
  trx: ShopDb,
  input: { orderId: number; lineIds?: readonly number[]; reason: string },
  actor: DeskActor | null,
  at = new Date(),
): Promise<number> {
  let query = trx
    .selectFrom('seller_commission_lines as sale')
    .leftJoin('ledger_entries as promotion', (join) =>
      join
        .onRef('promotion.transaction_id', '=', 'sale.transaction_id')
        .on('promotion.account', '=', 'marketplace_promotions' satisfies LedgerAccount),
    )
    .select([
      'sale.id',
      'sale.order_line_id',
      'sale.seller_id',
      'sale.gross',
      'sale.commission',
      'sale.seller_share',
      'sale.rule_scope',
      (eb) => eb.fn.coalesce('promotion.debit', eb.lit(0)).as('coupon'),
    ])
    .where('sale.order_id', '=', input.orderId)
    .where('sale.kind', '=', 'sale')
    .orderBy('sale.seller_id')
    .orderBy('sale.id');
  if (input.lineIds) query = query.where('sale.order_line_id', 'in', input.lineIds.length ? [...input.lineIds] : [-1]);
  const sales = await query.execute();
  const now = at.toISOString();
  let refunded = 0;
  for (const sale of sales) {
    const coupon = toInt(sale.coupon);
    await lockSellerMoney(trx, sale.seller_id, now);
    const released = await trx
      .selectFrom('ledger_transactions')
      .select('id')
      .where('source_key', '=', `release:line:${sale.order_line_id}`)
      .executeTakeFirst();
    const transactionId = await postTransaction(trx, {
      kind: 'reversal',
      sellerId: sale.seller_id,
      orderId: input.orderId,
      sourceKey: `reversal:line:${sale.order_line_id}`,
      memo: input.reason,
      staffId: actor?.id ?? null,
      at: now,
      legs: [
        debitLeg(released ? 'seller_available' : 'seller_pending', sale.seller_id, sale.seller_share),
        debitLeg('commission_revenue', null, sale.commission),
        creditLeg('marketplace_promotions', null, coupon),
        creditLeg('shopper_refunds', null, sale.gross - coupon),
      ],
    });
    if (transactionId === null) continue;
    await trx
      .insertInto('seller_commission_lines')
      .values({
        order_id: input.orderId,
        order_line_id: sale.order_line_id,
        seller_id: sale.seller_id,
        kind: 'reversal',
        gross: -sale.gross,
        commission: -sale.commission,
        seller_share: -sale.seller_share,
        rule_scope: sale.rule_scope,
        transaction_id: transactionId,
        created_at: now,
      })
      .execute();
    refunded += sale.gross - coupon;
    await recordAudit(trx, actor, {
      action: 'seller.reversal',
      subject: { type: 'seller', id: sale.seller_id },
      after: {
        order_id: input.orderId,
        order_line_id: sale.order_line_id,
        seller_share: -sale.seller_share,
        refunded: sale.gross - coupon,
        from: released ? 'available' : 'pending',
      },
      reason: input.reason,
    });
  }
  return refunded;
}
