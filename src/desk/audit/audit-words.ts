import type { Dictionary } from '#i18n/en.ts';
import { formatOrderId } from '#i18n/format.ts';

/**
 * The audit log's codes in words (issue 51): the subject («الطلب #12», not «order 12»), the author's role («فريق البائع
 * (المالك)», not «seller:owner») and each changed field with its value («طريقة الدخول: إعداد تطبيق المصادقة», not
 * «{"with":"enrolment"}»). What has no words yet (a rare field, a nested value) is shown as the code it is, marked so the
 * table isolates it.
 */
export interface AuditPair {
  field: string;
  value: string;
  /** The field or value is a code (no words for it): the table shows it in <bdi>, left to right. */
  fieldCode: boolean;
  valueCode: boolean;
}

type Words = Dictionary['auditWords'];
const lookup = (table: object, key: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(table, key) ? (table as Record<string, string>)[key] : undefined;

/** A staff role, a seller member's (`seller:<role>`), or the system's, in words. */
export function auditRole(role: string, t: Dictionary): string {
  const words = t.auditWords;
  if (role === 'system') return words.system;
  if (role.startsWith('seller:')) {
    const own = role.slice('seller:'.length);
    return words.sellerRole.replace('{role}', lookup(t.seller.roles, own) ?? own);
  }
  return lookup(t.admin.roles, role) ?? role;
}

/** What an entry is about: its kind in words and its id (an order's with its "#"), the id for a <bdi>. */
export function auditSubject(type: string, id: string, words: Words): { kind: string; id: string } {
  return { kind: lookup(words.subjects, type) ?? type, id: type === 'order' ? formatOrderId(id) : id };
}

/** An entry's reason: a system note's code in words, or what a person typed, marked to be isolated. */
export function auditReason(reason: string | null, notes: object): { reason: string; reasonTyped: boolean } {
  if (!reason) return { reason: '', reasonTyped: false };
  const words = lookup(notes, reason);
  return words ? { reason: words, reasonTyped: false } : { reason, reasonTyped: true };
}

function valueWords(value: unknown, t: Dictionary): { value: string; code: boolean } {
  if (typeof value === 'boolean') return { value: value ? t.auditWords.values.true : t.auditWords.values.false, code: false };
  if (typeof value === 'number') return { value: String(value), code: true };
  if (typeof value === 'string') {
    const words =
      lookup(t.orders.status, value) ??
      lookup(t.admin.roles, value) ??
      lookup(t.seller.roles, value) ??
      lookup(t.auditWords.values, value);
    return words ? { value: words, code: false } : { value, code: true };
  }
  return { value: JSON.stringify(value), code: true };
}

/** A before or after value as field–value pairs in words (none for nothing recorded). */
export function auditChange(value: unknown, t: Dictionary): AuditPair[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || Array.isArray(value)) {
    const shown = valueWords(value, t);
    return [{ field: '', value: shown.value, fieldCode: false, valueCode: shown.code }];
  }
  return Object.entries(value as Record<string, unknown>).map(([key, inner]) => {
    const field = lookup(t.auditWords.fields, key);
    const shown = valueWords(inner, t);
    return { field: field ?? key, value: shown.value, fieldCode: field === undefined, valueCode: shown.code };
  });
}
