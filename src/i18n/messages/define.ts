import type { PluralForms } from '../interpolate.ts';

/**
 * A dictionary shape with every leaf widened to string, so translations can differ in text but not in keys. Counted
 * phrases ({ one, other }) widen to every plural form, so Arabic can add its dual, plural and accusative forms.
 */
export type Widen<T> = T extends string
  ? string
  : T extends { one: string; other: string }
    ? PluralForms
    : { [K in keyof T]: Widen<T[K]> };

/**
 * One domain's texts in both languages (e.g. cart, catalog, content). The Arabic side is typed against
 * the English one, so a missing key fails the type check. Register the domain in en.ts and ar.ts.
 */
export function defineMessages<const T>(en: T, ar: Widen<T>): { en: T; ar: Widen<T> } {
  return { en, ar };
}
