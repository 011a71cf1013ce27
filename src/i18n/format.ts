import { toPounds } from '#lib/money.ts';
import { directionOf, intlTag, type Locale } from './locales.ts';
import { localized } from './localized.ts';
import { numberMessages } from './messages/numbers.ts';
import { SHOP_TIME_ZONE } from './time-zone.ts';

/**
 * Digits: Latin (0-9) in both languages, as Egyptian online shops and banks print prices, phone numbers
 * and order ids; see docs/decisions/003-digits-and-money.md. The Arabic locale keeps Arabic currency text.
 */
const intlLocale = intlTag;

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
  return withSeparators(format, toPounds(piastres), locale);
}

const LRI = '\u2066';
const PDI = '\u2069';

/**
 * A signed amount (wallet movements, discounts): "+EGP 150" / "−EGP 150", the sign placed by Intl (signDisplay)
 * and drawn as the dictionary's minus (U+2212), never a hyphen. In Arabic the sign and digits are isolated as
 * left-to-right, so the minus stays before the number ("−150 ج.م.") instead of drifting to its end ("150- ج.م.").
 */
export function formatSignedMoney(piastres: number, locale: Locale): string {
  const fractional = piastres % 100 !== 0;
  const format = cached(
    `s:${locale}:${fractional}`,
    () =>
      new Intl.NumberFormat(intlLocale(locale), {
        style: 'currency',
        currency: 'EGP',
        signDisplay: 'exceptZero',
        minimumFractionDigits: fractional ? 2 : 0,
        maximumFractionDigits: 2,
      }),
  );
  const { group, decimal, minus } = numberMessages[locale];
  const numeric = new Set(['minusSign', 'plusSign', 'integer', 'group', 'decimal', 'fraction']);
  const char = (part: Intl.NumberFormatPart) =>
    part.type === 'minusSign' ? minus : part.type === 'group' ? group : part.type === 'decimal' ? decimal : part.value;
  const parts = format.formatToParts(toPounds(piastres));
  if (directionOf(locale) === 'ltr') return parts.map(char).join('');
  let out = '';
  let open = false;
  for (const part of parts) {
    if (numeric.has(part.type) !== open) {
      out += open ? PDI : LRI;
      open = !open;
    }
    out += char(part);
  }
  return open ? out + PDI : out;
}

const listFormats = new Map<string, Intl.ListFormat>();

/** A list of names joined the way the language joins them ("a, b, and c" / "أ وب وج"), by Intl.ListFormat. */
export function formatList(items: readonly string[], locale: Locale, type: Intl.ListFormatType = 'conjunction'): string {
  const key = `l:${locale}:${type}`;
  let format = listFormats.get(key);
  if (!format) {
    format = new Intl.ListFormat(locale, { type, style: 'long' });
    listFormats.set(key, format);
  }
  return format.format(items);
}

/**
 * An address's parts (street, area, city, governorate) on one line with the language's comma: ", " in English,
 * "، " in Arabic. Not Intl.ListFormat: its Arabic lists put "و" (and) before every part, which an address has not.
 */
export function formatAddress(parts: readonly (string | null | undefined)[], locale: Locale): string {
  return parts.filter((p): p is string => !!p && p.trim() !== '').join(numberMessages[locale].addressSeparator);
}

/** An order's delivery address on one line, with the governorate in the page's language (the desk and its labels). */
export function formatOrderAddress(
  address: { street: string; area: string; city: string; governorateEn: string; governorateAr: string },
  locale: Locale,
): string {
  const governorate = localized(locale, { en: address.governorateEn, ar: address.governorateAr });
  return formatAddress([address.street, address.area, address.city, governorate], locale);
}

/** An order's reference as shoppers see it, the only place the "#" is added: 12 → "#12". */
export const formatOrderId = (id: number | string): string => `#${id}`;

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

/**
 * A date as people read it: always in the shop's time zone (Cairo), never the server's or the browser's, so an order
 * placed at 00:30 in Cairo (22:30 UTC the day before) reads as the day it was placed, on every machine.
 */
export function formatDate(
  date: Date | string,
  locale: Locale,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'> = { dateStyle: 'medium' },
): string {
  const format = cached(
    `d:${locale}:${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: SHOP_TIME_ZONE }),
  );
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
  const collator = cached(`c:${locale}`, () => new Intl.Collator(locale));
  return [...items].sort((a, b) => collator.compare(name(a), name(b)));
}

/** A moment as the back office reads it: date and time in Cairo, whatever the server's own time zone. */
export const formatDateTime = (date: Date | string, locale: Locale): string =>
  formatDate(date, locale, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A date inside a sentence, its month written out: «26 نوفمبر 2026», "November 26, 2026" (issue 35). The short
 * numeric form (formatDate, «26/11/2026») is for tables and lists, where a column says what it is.
 */
export const formatProseDate = (date: Date | string, locale: Locale): string => formatDate(date, locale, { dateStyle: 'long' });

/** A date and time inside a sentence: «26 نوفمبر 2026 في 12:30 م», "November 26, 2026 at 12:30 PM". */
export const formatProseDateTime = (date: Date | string, locale: Locale): string =>
  formatDate(date, locale, { dateStyle: 'long', timeStyle: 'short' });
