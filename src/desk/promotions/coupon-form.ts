import { parseMoneyInput, typedPoundsText } from '#lib/money.ts';
import type { CouponView } from './promotion-views.ts';

/**
 * The desk's coupon form as text fields (what an operator types: pounds, days, counts) and the API body it becomes
 * (piastres, nulls for the empty bounds). Typed nonsense becomes NaN, which the API refuses on its field.
 */
export type CouponFields = Record<
  'code' | 'kind' | 'value' | 'max_discount' | 'min_subtotal' | 'starts_on' | 'ends_on' | 'usage_limit' | 'per_user_limit',
  string
>;

const orNull = <T>(text: string, read: (t: string) => T): T | null => (text.trim() ? read(text.trim()) : null);
const count = (text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN);
/** Pounds as typed (any digits, either decimal point: parseMoneyInput) to piastres; NaN when not an amount. */
const money = (text: string) => {
  const read = parseMoneyInput(text);
  return read.ok ? read.piastres : Number.NaN;
};

export function couponBody(f: CouponFields) {
  const percent = f.kind !== 'fixed';
  return {
    kind: percent ? 'percent' : 'fixed',
    value: percent ? count(f.value.trim()) : money(f.value),
    max_discount: percent ? orNull(f.max_discount, money) : null,
    min_subtotal: orNull(f.min_subtotal, money) ?? 0,
    starts_on: orNull(f.starts_on, (t) => t),
    ends_on: orNull(f.ends_on, (t) => t),
    usage_limit: orNull(f.usage_limit, count),
    per_user_limit: orNull(f.per_user_limit, count),
  };
}

/** A coupon as the form's fields (an empty form for a new one). */
export function couponFields(c: CouponView | null): CouponFields {
  const pounds = (p: number | null | undefined) => (p ? typedPoundsText(p) : '');
  return {
    code: c?.code ?? '',
    kind: c?.kind ?? 'percent',
    value: c ? (c.kind === 'fixed' ? pounds(c.value) : String(c.value)) : '',
    max_discount: pounds(c?.max_discount),
    min_subtotal: pounds(c?.min_subtotal),
    starts_on: c?.starts_on ?? '',
    ends_on: c?.ends_on ?? '',
    usage_limit: c?.usage_limit ? String(c.usage_limit) : '',
    per_user_limit: c?.per_user_limit ? String(c.per_user_limit) : '',
  };
}
