/**
 * The language options (spec section 3: lang, label, dir, default flag; and the language with the shop's country):
 * the one list the switcher, routing helpers, route patterns, hreflang links and layouts read. `en` is the default
 * and the fallback (spec section 9). `intl` is the tag Intl formats with (Latin digits in both languages, decision
 * 003); `subCategories` the order of a category's sub-categories in the menus (spec section 2: alphabetical in Arabic).
 */
export const languageOptions = [
  { lang: 'en', label: 'English', dir: 'ltr', default: true, region: 'en-EG', intl: 'en-EG', subCategories: 'shop' },
  {
    lang: 'ar',
    label: 'العربية',
    dir: 'rtl',
    default: false,
    region: 'ar-EG',
    intl: 'ar-EG-u-nu-latn',
    subCategories: 'alphabetical',
  },
] as const;

export type LanguageOption = (typeof languageOptions)[number];
export type Locale = LanguageOption['lang'];

export const locales: readonly Locale[] = languageOptions.map((option) => option.lang);
export const defaultLocale: Locale = languageOptions.find((option) => option.default)!.lang;

/**
 * The locales as a regular-expression group, `(en|ar)`, for route patterns (middleware, rewrites, redirects, sitemap
 * rules): built from the one list, so a third language changes no pattern. It captures, so `$1` is the locale.
 */
export const LOCALE_SEGMENT = `(${locales.join('|')})`;

export const isLocale = (value: unknown): value is Locale => languageOptions.some((option) => option.lang === value);

/** A language named by outside input (a query parameter, a gateway's field): that language if the shop has it, else the default. */
export const localeOr = (value: unknown): Locale => (isLocale(value) ? value : defaultLocale);

/** The shop's other languages (the sellers directory also searches their names). */
export const otherLocales = (locale: Locale): Locale[] => locales.filter((other) => other !== locale);

export const languageOption = (locale: Locale): LanguageOption => languageOptions.find((option) => option.lang === locale)!;

export const directionOf = (locale: Locale): 'ltr' | 'rtl' => languageOption(locale).dir;

/** The tag Intl formats a language's numbers and dates with (`ar-EG-u-nu-latn`: Latin digits, decision 003). */
export const intlTag = (locale: Locale): LanguageOption['intl'] => languageOption(locale).intl;

/** The language with the shop's country (BCP 47, `ar-EG`): the sitemap's hreflang and, as `ar_EG`, og:locale. */
export const regionalTag = (locale: Locale): LanguageOption['region'] => languageOption(locale).region;

/** The API's `lang` query value for a locale (spec section 7). */
export const apiLang = (locale: Locale): 'en-US' | 'ar-SA' => (locale === 'ar' ? 'ar-SA' : 'en-US');

/** Reads the API's `lang` query value; anything but ar-SA (or plain ar) means English. */
export const localeFromApiLang = (lang: string | null | undefined): Locale =>
  lang?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
