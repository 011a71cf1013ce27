/**
 * An amount shared over an order's lines in proportion to a weight of each (decision 030 › Coupons, › The wallet): the
 * order's coupon over the lines' prices, the wallet's part of the goods over what each line cost after its coupon
 * share. Pure and in whole piastres: the ledger, its tests and any later report split the same way.
 */
export interface WeightedLine {
  id: number;
  /** What the line weighs in the split (piastres: its price as sold, or what is left of it after the coupon). */
  weight: number;
}

/**
 * Each line's share of `amount`, in the lines' order: in proportion to the weights, rounded down, and the piastres
 * left given one each to the largest remainders (a tie to the lower line id), so the shares sum exactly to the amount
 * (never more than the weights' sum) and no line's share is more than its weight.
 */
export function splitInProportion(amount: number, lines: readonly WeightedLine[]): number[] {
  const weights = lines.map((line) => BigInt(Math.max(0, Math.floor(line.weight))));
  const sum = weights.reduce((a, b) => a + b, 0n);
  const whole = BigInt(Math.max(0, Math.floor(amount)));
  const target = whole < sum ? whole : sum;
  if (target === 0n) return lines.map(() => 0);
  // BigInt: amount × weight may pass 2^53 on a large order.
  const parts = weights.map((weight, index) => ({ index, share: (target * weight) / sum, rest: (target * weight) % sum }));
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
