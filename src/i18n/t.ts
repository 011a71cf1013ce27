import { ar } from './ar.ts';
import { en, type Dictionary } from './en.ts';
import { interpolate, interpolateIsolated, isolate, plural } from './interpolate.ts';
import { defaultLocale, type Locale } from './locales.ts';

const dictionaries: Record<Locale, Dictionary> = { en, ar };

/** The dictionary of a locale. */
export const dictionary = (locale: Locale): Dictionary => dictionaries[locale];

/** The language a dictionary is in (the server's refusals pick a plural form with it). */
export const dictionaryLocale = (t: Dictionary): Locale =>
  (Object.keys(dictionaries) as Locale[]).find((locale) => dictionaries[locale] === t) ?? defaultLocale;

export { interpolate, interpolateIsolated, isolate, plural };

export type { Dictionary };
