import { ar } from './ar.ts';
import { en, type Dictionary } from './en.ts';
import { interpolate, interpolateIsolated, isolate, plural } from './interpolate.ts';
import type { Locale } from './locales.ts';

const dictionaries: Record<Locale, Dictionary> = { en, ar };

/** The dictionary of a locale. */
export const dictionary = (locale: Locale): Dictionary => dictionaries[locale];

export { interpolate, interpolateIsolated, isolate, plural };

export type { Dictionary };
