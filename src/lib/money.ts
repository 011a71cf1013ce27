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

/** What a typed amount reads as: its piastres, or why it is not an amount. */
export type MoneyInput =
  { ok: true; piastres: Piastres } | { ok: false; reason: 'empty' | 'invalid' | 'tooPrecise' | 'tooLarge' };

/** The largest amount a form takes: 10 million pounds (far above any order, refund or fee; well inside integers). */
export const MAX_TYPED_PIASTRES = 1_000_000_000;

/**
 * The one parser of pounds as people type them (issue 33): Latin, Arabic-Indic (٠-٩) and Eastern Arabic-Indic
 * (۰-۹) digits; "." or "٫" as the decimal point, and "," as one too when it is followed by one or two digits and is
 * the only separator ("12,5" is 12.50 pounds); thousands grouped by "," or "٬" or spaces, in groups of three
 * ("1,250", "١٬٢٥٠٫٥٠", "12 500"). At most two decimals (a piastre is the smallest amount); no sign, no letters.
 * Answers integer piastres, or why the text is not an amount.
 */
export function parseMoneyInput(typed: string): MoneyInput {
  let text = typed
    .replace(/[\u200e\u200f\u061c]/g, '') // direction marks a pasted amount may carry
    .replace(/[\s\u00a0\u202f\u2009]+/g, ' ')
    .trim();
  if (!text) return { ok: false, reason: 'empty' };
  text = text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  text = text.replace(/\u066b/g, '.').replace(/\u066c/g, ',');
  if (!/^[\d., ]+$/.test(text)) return { ok: false, reason: 'invalid' };

  // A lone comma with one or two digits after it (and no point) is the decimal point.
  if (!text.includes('.') && /^[^,]*,\d{1,2}$/.test(text)) text = text.replace(',', '.');
  const [whole = '', decimals, ...more] = text.split('.');
  if (more.length || whole === '') return { ok: false, reason: 'invalid' };
  // Thousands: groups of three after the first (one to three digits), all with the same separator.
  const grouped = /^\d{1,3}(?:([, ])\d{3})?(?:\1\d{3})*$/.test(whole);
  if (!/^\d+$/.test(whole) && !grouped) return { ok: false, reason: 'invalid' };
  if (decimals !== undefined && !/^\d+$/.test(decimals)) return { ok: false, reason: 'invalid' };
  if (decimals !== undefined && decimals.length > 2) return { ok: false, reason: 'tooPrecise' };
  const digits = whole.replace(/[, ]/g, '');
  if (digits.length > 12) return { ok: false, reason: 'tooLarge' };
  const piastres = Number(digits) * 100 + Number((decimals ?? '').padEnd(2, '0'));
  if (piastres > MAX_TYPED_PIASTRES) return { ok: false, reason: 'tooLarge' };
  return { ok: true, piastres };
}

/** Piastres as a form shows them to be typed again: "125", "125.50", "125.05" (no thousands separators). */
export const typedPoundsText = (piastres: Piastres | null | undefined): string =>
  piastres === null || piastres === undefined ? '' : poundsText(piastres).replace(/\.00$/, '');
