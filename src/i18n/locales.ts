/** The shop's languages; `en` is the default and the fallback (spec section 9). */
export const locales = ['en', 'ar'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'ar';

export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr');

/** The API's `lang` query value for a locale (spec section 7). */
export const apiLang = (locale: Locale): 'en-US' | 'ar-SA' => (locale === 'ar' ? 'ar-SA' : 'en-US');

/** Reads the API's `lang` query value; anything but ar-SA (or plain ar) means English. */
export const localeFromApiLang = (lang: string | null | undefined): Locale =>
  lang?.toLowerCase().startsWith('ar') ? 'ar' : 'en';

/** Language options as the spec's language switcher lists them. */
export const languageOptions = [
  { lang: 'en', label: 'English', dir: 'ltr', default: true },
  { lang: 'ar', label: 'العربية', dir: 'rtl', default: false },
] as const;
