import { splitInProportion } from './proportional-split.ts';

/**
 * Who paid for each delivered line's goods (decision 030 › Coupons, › The wallet), pure and in whole piastres: the
 * marketplace's coupon, the shopper's wallet, and the rest collected (the courier's cash, or the provider's money).
 */
export interface GoodsPayment {
  coupon: number;
  wallet: number;
  collected: number;
}

/**
 * The part of an order's wallet payment that paid for its goods: the wallet pays the delivery fee first, the goods
 * with the rest. Why: the order's total is goods − coupon + fee − wallet, and when goods leave the order (a line
 * cancelled, `withoutLine` and `refundLine`) the shopper gets back the part not paid from the wallet first, then the
 * wallet part, while the fee stays. Only the fee-first reading makes that give back exactly the goods' own money: the
 * cash (or card) is the goods' last layer, the wallet their first after the fee. (Wallet-first for the goods would,
 * once the wallet covers the goods left, refund the fee's cash for goods; in proportion would shrink the wallet part
 * with every cancelled line, which the order does not do.)
 */
export function walletPartOfGoods(order: { walletAmount: number; shippingFee: number }, goodsDue: number): number {
  return Math.max(0, Math.min(goodsDue, order.walletAmount - order.shippingFee));
}

/**
 * Each line's payment, in the lines' order: the coupon shared over the lines' prices, then the goods' wallet part over
 * what each line cost after its coupon share (so coupon + wallet never exceed a line), the rest collected. The shares
 * sum exactly to the coupon and the wallet part (both capped at the goods).
 */
export function splitGoodsPayment(
  lines: readonly { id: number; lineTotal: number }[],
  order: { couponDiscount: number; walletAmount: number; shippingFee: number },
): GoodsPayment[] {
  const coupons = splitInProportion(
    order.couponDiscount,
    lines.map((line) => ({ id: line.id, weight: line.lineTotal })),
  );
  const afterCoupon = lines.map((line, i) => ({ id: line.id, weight: line.lineTotal - coupons[i]! }));
  const goodsDue = afterCoupon.reduce((sum, line) => sum + line.weight, 0);
  const wallets = splitInProportion(walletPartOfGoods(order, goodsDue), afterCoupon);
  return lines.map((_, i) => ({
    coupon: coupons[i]!,
    wallet: wallets[i]!,
    collected: afterCoupon[i]!.weight - wallets[i]!,
  }));
}
