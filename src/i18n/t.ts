import { ar } from './ar.ts';
import { en, type Dictionary } from './en.ts';
import { interpolate } from './interpolate.ts';
import type { Locale } from './locales.ts';

const dictionaries: Record<Locale, Dictionary> = { en, ar };

/** The dictionary of a locale. */
export const dictionary = (locale: Locale): Dictionary => dictionaries[locale];

export { interpolate };

/** Picks the plural form with Intl.PluralRules and fills {count}. */
export function plural(forms: { one: string; other: string }, count: number, locale: Locale): string {
  const rule = new Intl.PluralRules(locale).select(count);
  return interpolate(rule === 'one' ? forms.one : forms.other, { count });
}

export type { Dictionary };
