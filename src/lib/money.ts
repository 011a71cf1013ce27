/**
 * Money at the boundary (decision 003, issue 21): the shop counts integer piastres everywhere; pounds exist only
 * where something outside asks for them (a provider's amount, JSON-LD, analytics, a price typed in a URL) and only
 * through these functions. A test refuses `/ 100` and `* 100` on money anywhere else.
 */
declare const piastresBrand: unique symbol;
/** An amount in piastres (1 EGP = 100 piastres), always an integer. */
export type Piastres = number & { readonly [piastresBrand]?: true };

/** Pounds as a number (analytics values, Intl formatting): 12345 → 123.45. */
export const toPounds = (piastres: Piastres): number => piastres / 100;

/** Pounds with two decimals, exact (what payment providers and JSON-LD offers take): 12345 → "123.45". */
export const poundsText = (piastres: Piastres): string =>
  `${piastres < 0 ? '-' : ''}${Math.trunc(Math.abs(piastres) / 100)}.${String(Math.abs(piastres) % 100).padStart(2, '0')}`;

/** Whole or decimal pounds (a number, or text like "12.5") to piastres without floating-point drift; NaN if not an amount. */
export function fromPounds(amount: string | number): Piastres {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** A price the shopper types in pounds (filters, any number of decimals): its piastres rounded, or undefined. */
export const typedPounds = (text: string): Piastres | undefined =>
  /^\d+(\.\d+)?$/.test(text.trim()) ? Math.round(Number(text) * 100) : undefined;

/** The piastres of a percentage of an amount, rounded down (coupons): percentOf(10050, 15) → 1507. */
export const percentOf = (piastres: Piastres, percent: number): Piastres =>
  Math.floor((piastres * Math.min(100, Math.max(0, percent))) / 100);
