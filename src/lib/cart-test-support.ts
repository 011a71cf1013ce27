import { expect } from 'vitest';
import { MAX_QUANTITY, withTotals, type CartLine } from './cart-math.ts';

/** Test support: the invariants every cart state keeps, whatever happened before. */
export function expectSound(lines: CartLine[]) {
  const state = withTotals(lines);
  const sum = lines.reduce((acc, l) => acc + l.product.price * l.quantity, 0);
  expect(state.sub_total).toBe(sum);
  expect(state.total).toBe(state.sub_total);
  expect(state.sub_total).toBeGreaterThanOrEqual(0);
  expect(state.totalItems).toBe(lines.reduce((acc, l) => acc + l.quantity, 0));
  expect(new Set(lines.map((l) => l.product.id)).size).toBe(lines.length);
  for (const line of lines) {
    expect(Number.isInteger(line.quantity)).toBe(true);
    expect(line.quantity).toBeGreaterThanOrEqual(1);
    expect(line.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
    if (line.product.stock > 0) expect(line.quantity).toBeLessThanOrEqual(line.product.stock);
  }
}
