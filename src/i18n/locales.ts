/**
 * The language options (spec section 3: lang, label, dir, default flag): the one list the switcher, routing
 * helpers and layouts read. `en` is the default and the fallback (spec section 9).
 */
export const languageOptions = [
  { lang: 'en', label: 'English', dir: 'ltr', default: true },
  { lang: 'ar', label: 'العربية', dir: 'rtl', default: false },
] as const;

export type LanguageOption = (typeof languageOptions)[number];
export type Locale = LanguageOption['lang'];

export const locales: readonly Locale[] = languageOptions.map((option) => option.lang);
export const defaultLocale: Locale = languageOptions.find((option) => option.default)!.lang;

export const isLocale = (value: unknown): value is Locale => languageOptions.some((option) => option.lang === value);

export const languageOption = (locale: Locale): LanguageOption => languageOptions.find((option) => option.lang === locale)!;

export const directionOf = (locale: Locale): 'ltr' | 'rtl' => languageOption(locale).dir;

/** The API's `lang` query value for a locale (spec section 7). */
export const apiLang = (locale: Locale): 'en-US' | 'ar-SA' => (locale === 'ar' ? 'ar-SA' : 'en-US');

/** Reads the API's `lang` query value; anything but ar-SA (or plain ar) means English. */
export const localeFromApiLang = (lang: string | null | undefined): Locale =>
  lang?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
