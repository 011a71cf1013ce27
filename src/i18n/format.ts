import type { Locale } from './locales.ts';
import { numberMessages } from './messages/numbers.ts';

/**
 * Digits: Latin (0-9) in both languages, as Egyptian online shops and banks print prices, phone numbers
 * and order ids; see docs/decisions/003-digits-and-money.md. The Arabic locale keeps Arabic currency text.
 */
const intlLocale = (locale: Locale) => (locale === 'ar' ? 'ar-EG-u-nu-latn' : 'en-EG');

/**
 * Intl decides where the separators go; the dictionary decides which characters they are (numbers.ts). Formatting
 * by parts costs more than `format`, so it runs only when the dictionary's characters differ from Intl's.
 */
const intlSeparators = new WeakMap<Intl.NumberFormat, string>();
function withSeparators(format: Intl.NumberFormat, value: number, locale: Locale): string {
  const { group, decimal } = numberMessages[locale];
  let own = intlSeparators.get(format);
  if (own === undefined) {
    const parts = new Intl.NumberFormat(format.resolvedOptions().locale, { minimumFractionDigits: 1 }).formatToParts(12345.5);
    own = `${parts.find((p) => p.type === 'group')?.value ?? ''}${parts.find((p) => p.type === 'decimal')?.value ?? ''}`;
    intlSeparators.set(format, own);
  }
  if (own === `${group}${decimal}`) return format.format(value);
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? group : part.type === 'decimal' ? decimal : part.value))
    .join('');
}

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
  return withSeparators(format, piastres / 100, locale);
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
  return withSeparators(
    cached(key, () => new Intl.NumberFormat(intlLocale(locale), options)),
    value,
    locale,
  );
}

export function formatDate(
  date: Date | string,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const format = cached(`d:${locale}:${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(intlLocale(locale), options));
  return format.format(typeof date === 'string' ? new Date(date) : date);
}

/** Weight as the spec shows it: grams in "G", a kilogram and above in "k.G" (units from the dictionary). */
export function formatWeight(grams: number, locale: Locale): string {
  const units = numberMessages[locale];
  if (grams >= 1000) return `${formatNumber(grams / 1000, locale, { maximumFractionDigits: 2 })} ${units.kilogram}`;
  return `${formatNumber(grams, locale)} ${units.gram}`;
}

/** Sorts names the way a reader of the locale expects (Arabic collation for `ar`). */
export function sortByName<T>(items: readonly T[], name: (item: T) => string, locale: Locale): T[] {
  const collator = cached(`c:${locale}`, () => new Intl.Collator(locale === 'ar' ? 'ar' : 'en'));
  return [...items].sort((a, b) => collator.compare(name(a), name(b)));
}
