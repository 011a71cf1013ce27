/**
 * An order's coupon over its lines (decision 030 › Coupons): the marketplace funds the coupon, so each line's share
 * of it is booked as the marketplace's promotion expense and the collecting account holds only what was collected.
 * Pure and in whole piastres: the ledger, its tests and any later report split the same way.
 */
export interface CouponLine {
  id: number;
  /** The line's price as sold (piastres, after the sale discount, before the coupon). */
  lineTotal: number;
}

/**
 * Each line's share of `discount`, in the lines' order: in proportion to the line totals, rounded down, and the
 * piastres left given one each to the largest remainders (a tie to the lower line id), so the shares sum exactly to
 * the discount (never more than the lines' sum) and no line's share is more than its total.
 */
export function splitCoupon(discount: number, lines: readonly CouponLine[]): number[] {
  const totals = lines.map((line) => BigInt(Math.max(0, Math.floor(line.lineTotal))));
  const sum = totals.reduce((a, b) => a + b, 0n);
  const amount = BigInt(Math.max(0, Math.floor(discount)));
  const target = amount < sum ? amount : sum;
  if (target === 0n) return lines.map(() => 0);
  // BigInt: discount × line total may pass 2^53 on a large order.
  const parts = totals.map((total, index) => ({ index, share: (target * total) / sum, rest: (target * total) % sum }));
  let left = target - parts.reduce((a, p) => a + p.share, 0n);
  const byRemainder = [...parts].sort((x, y) =>
    x.rest !== y.rest ? (y.rest > x.rest ? 1 : -1) : lines[x.index]!.id - lines[y.index]!.id,
  );
  // Fewer piastres are left than lines with a remainder (the remainders sum to them), so each gets at most one.
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.share += 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part.share));
}
