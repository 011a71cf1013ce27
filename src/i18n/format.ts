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

// Building an Intl formatter costs far more than using one, and builds format thousands of cards and dates.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  const key = `n:${locale}:${JSON.stringify(options ?? {})}`;
  return cached(key, () => new Intl.NumberFormat(intlLocale(locale), options)).format(value);
}

export function formatDate(
  date: Date | string,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const format = cached(`d:${locale}:${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(intlLocale(locale), options));
  return format.format(typeof date === 'string' ? new Date(date) : date);
}

/** Weight as the spec shows it: grams in "G", a kilogram and above in "k.G". */
export function formatWeight(grams: number, locale: Locale): string {
  if (grams >= 1000)
    return `${formatNumber(grams / 1000, locale, { maximumFractionDigits: 2 })} ${locale === 'ar' ? 'كجم' : 'k.G'}`;
  return `${formatNumber(grams, locale)} ${locale === 'ar' ? 'جم' : 'G'}`;
}

/** Sorts names the way a reader of the locale expects (Arabic collation for `ar`). */
export function sortByName<T>(items: readonly T[], name: (item: T) => string, locale: Locale): T[] {
  const collator = cached(`c:${locale}`, () => new Intl.Collator(locale === 'ar' ? 'ar' : 'en'));
  return [...items].sort((a, b) => collator.compare(name(a), name(b)));
}
