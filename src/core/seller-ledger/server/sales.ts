import type { ShopDb } from '#server/db/index.ts';
import { recordAudit } from '../../audit/server/audit.ts';
import type { DeskActor } from '../../actors/server/actors.ts';
import { serverConfig } from '#server/config.ts';
import { toInt } from '#server/db/values.ts';
import { creditLeg, debitLeg, type LedgerAccount } from '#lib/seller-ledger/accounts.ts';
import { pickRule, splitLine } from '#lib/seller-ledger/commission.ts';
import { splitGoodsPayment } from '#lib/seller-ledger/goods-payment.ts';
import { commissionRules } from './rules.ts';
import { lockSellerMoney, postTransaction } from './post.ts';
import { refreshOrderSummary } from '../../reports/server/order-summaries.ts';

const DAY_MS = 86_400_000;

/**
 * An order was delivered (called by the desk's one mover, src/server/admin/orders/desk-moves.ts, in the move's
 * transaction): one commission line and one ledger transaction per order line, under the rule that applies now.
 * Cash collected at the door sits with the couriers; a prepaid line is owed by the provider. The seller's share is
 * pending until the return window ends (SELLER_RETURN_WINDOW_DAYS). The order's coupon is the marketplace's (decision
 * 030 › Coupons): each line's share of it is debited to `marketplace_promotions`; the part of the goods the shopper's
 * wallet paid (the wallet pays the delivery fee first, › The wallet) is debited to `shopper_wallet` by each line's
 * share (both split by splitGoodsPayment). So the collecting account holds only what was really collected for the
 * goods, while the seller's share and the commission stay computed on the line's full price. A line cancelled before
 * delivery is not delivered and writes nothing. Written once: a repeat writes nothing (unique per line).
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
    .select(['orders.payment_method', 'orders.coupon_discount', 'orders.wallet_amount', 'orders.shipping_fee'])
    .where('order_lines.order_id', '=', orderId)
    .where('order_lines.cancelled_at', 'is', null)
    .orderBy('products.seller_id')
    .orderBy('order_lines.id')
    .execute();
  if (!lines.length) return;
  const rules = await commissionRules(trx);
  const now = at.toISOString();
  const availableAt = new Date(at.getTime() + serverConfig().sellerReturnWindowDays * DAY_MS).toISOString();
  // The order's coupon_discount and wallet_amount are already the ones over its live lines (a cancelled line shrank
  // them, withoutLine).
  const order = lines[0]!;
  const payments = splitGoodsPayment(
    lines.map((line) => ({ id: line.id, lineTotal: line.line_total })),
    { couponDiscount: order.coupon_discount, walletAmount: order.wallet_amount, shippingFee: order.shipping_fee },
  );
  const sellers = new Map<number, { gross: number; commission: number; coupon: number; wallet: number }>();
  for (const [index, line] of lines.entries()) {
    const { coupon, wallet, collected } = payments[index]!;
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
        debitLeg(from, null, collected),
        debitLeg('marketplace_promotions', null, coupon),
        debitLeg('shopper_wallet', null, wallet),
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
    const sum = sellers.get(line.seller_id) ?? { gross: 0, commission: 0, coupon: 0, wallet: 0 };
    sellers.set(line.seller_id, {
      gross: sum.gross + line.line_total,
      commission: sum.commission + commission,
      coupon: sum.coupon + coupon,
      wallet: sum.wallet + wallet,
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
        shopper_wallet: sum.wallet,
        available_at: availableAt,
      },
    });
  // The sellers' reports sum these lines (issue 53).
  await refreshOrderSummary(trx, orderId);
}

/**
 * Goods given back after delivery (a return, a refund of delivered lines): a reversing commission line and ledger
 * transaction per line, taking the seller's share back from pending, or from available once it was released (it may
 * go below zero: a debt the next sales pay off, never a payout), the commission back from revenue, and the line's
 * share of the coupon back to the marketplace's promotions and its share of the wallet part back to `shopper_wallet`
 * (both read from the sale's own entries, so exactly what the sale booked). The shopper is owed what they paid for
 * the line, its price less its coupon share, all of it to the wallet: the wallet share by that `shopper_wallet`
 * credit, the rest (what was collected) by `shopper_refunds`. Lines already reversed are skipped. Returns the piastres
 * owed back to the shopper.
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
    .leftJoin('ledger_entries as wallet', (join) =>
      join
        .onRef('wallet.transaction_id', '=', 'sale.transaction_id')
        .on('wallet.account', '=', 'shopper_wallet' satisfies LedgerAccount),
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
      (eb) => eb.fn.coalesce('wallet.debit', eb.lit(0)).as('wallet'),
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
    const wallet = toInt(sale.wallet);
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
        creditLeg('shopper_wallet', null, wallet),
        creditLeg('shopper_refunds', null, sale.gross - coupon - wallet),
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
  await refreshOrderSummary(trx, input.orderId);
  return refunded;
}
