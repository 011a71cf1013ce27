import type { Locale } from './locales.ts';

/**
 * Digits: Latin (0-9) in both languages, as Egyptian online shops and banks print prices, phone numbers
 * and order ids; see docs/decisions/003-digits-and-money.md. The Arabic locale keeps Arabic currency text.
 */
const intlLocale = (locale: Locale) => (locale === 'ar' ? 'ar-EG-u-nu-latn' : 'en-EG');

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Formats integer piastres as EGP; decimals only when there are piastres to show. */
export function formatMoney(piastres: number, locale: Locale): string {
  const fractional = piastres % 100 !== 0;
  const key = `${locale}:${fractional}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency: 'EGP',
      minimumFractionDigits: fractional ? 2 : 0,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(piastres / 100);
}

export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(locale), options).format(value);
}

export function formatDate(
  date: Date | string,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(intlLocale(locale), options).format(typeof date === 'string' ? new Date(date) : date);
}

/** Weight as the spec shows it: grams in "G", a kilogram and above in "k.G". */
export function formatWeight(grams: number, locale: Locale): string {
  if (grams >= 1000)
    return `${formatNumber(grams / 1000, locale, { maximumFractionDigits: 2 })} ${locale === 'ar' ? 'كجم' : 'k.G'}`;
  return `${formatNumber(grams, locale)} ${locale === 'ar' ? 'جم' : 'G'}`;
}

/** Sorts names the way a reader of the locale expects (Arabic collation for `ar`). */
export function sortByName<T>(items: readonly T[], name: (item: T) => string, locale: Locale): T[] {
  const collator = new Intl.Collator(locale === 'ar' ? 'ar' : 'en');
  return [...items].sort((a, b) => collator.compare(name(a), name(b)));
}
