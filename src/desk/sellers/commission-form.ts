import type { CommissionRule } from '#lib/seller-ledger/commission.ts';
import { parseMoneyInput, typedPoundsText } from '#lib/money.ts';
import type { Errors } from '#kit/form-state.ts';

/** The commission form's typed fields (CommissionRuleForm), named like the API's. */
export type FeeField = 'rate_bp' | 'min_fee' | 'max_fee' | 'flat_fee';

/** What a field shows for the scope's stored rule, as it would be typed again ('' when the rule has none). */
export function storedFee(rule: CommissionRule | undefined, name: FeeField): string {
  if (!rule) return '';
  if (rule.kind === 'flat') return name === 'flat_fee' ? typedPoundsText(rule.flatFee) : '';
  return {
    rate_bp: typedPoundsText(rule.rateBp),
    min_fee: typedPoundsText(rule.minFee),
    max_fee: typedPoundsText(rule.maxFee),
    flat_fee: '',
  }[name];
}

/**
 * The rule's part of the PUT body, read from what was typed (parseMoneyInput: the rate in percent with two decimals is
 * a whole number of basis points, as pounds are of piastres), with a message under each field that cannot be read.
 */
export function commissionBody(
  kind: CommissionRule['kind'],
  values: Record<string, string>,
  messages: { badAmount: string; badRate: string },
): { body: Record<string, unknown>; errors: Errors } {
  const errors: Errors = {};
  const amount = (name: FeeField, optional: boolean): number | null => {
    const typed = values[name] ?? '';
    if (optional && !typed.trim()) return null;
    const parsed = parseMoneyInput(typed);
    if (parsed.ok) return parsed.piastres;
    errors[name] = [messages.badAmount];
    return null;
  };
  if (kind === 'flat') return { body: { kind, flat_fee: amount('flat_fee', false) }, errors };
  const rate = parseMoneyInput(values['rate_bp'] ?? '');
  if (!rate.ok || rate.piastres > 10_000) errors['rate_bp'] = [messages.badRate];
  const body = { kind, rate_bp: rate.ok ? rate.piastres : 0, min_fee: amount('min_fee', true), max_fee: amount('max_fee', true) };
  return { body, errors };
}
