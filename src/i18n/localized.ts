import type { Locale } from './locales.ts';

/**
 * The one way to pick what is written once per language (issue 33): a pair in the page's language, or a row's column
 * of that language. Nothing outside src/i18n compares a locale with `'ar'` (ESLint refuses it); a third language then
 * adds a key or a column, never a branch.
 */

/** A value given per language: `localized(locale, { en: 'Cairo', ar: 'القاهرة' })`. */
export const localized = <T>(locale: Locale, values: Readonly<Record<Locale, T>>): T => values[locale];

/** The columns a row keeps per language: `name_en`, `name_ar`. */
export type PerLocale<F extends string, T = unknown> = { [L in Locale as `${F}_${L}`]: T };

/** A row's column in a language: `localField(locale, seller, 'name')` reads `name_en` or `name_ar`. */
export const localField = <F extends string, R extends PerLocale<F>>(locale: Locale, row: R, field: F): R[`${F}_${Locale}`] =>
  (row as Record<string, unknown>)[`${field}_${locale}`] as R[`${F}_${Locale}`];
