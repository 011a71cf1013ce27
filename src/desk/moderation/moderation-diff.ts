import { formatMoney } from '#i18n/format.ts';
import { plural } from '#i18n/interpolate.ts';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import type { FieldDifference } from './moderation-views.ts';

type Text = Dictionary['deskModeration'];

/** A field's value as the queue words it: money in pounds, photos counted, nothing as "none". */
export function wordValue(diff: Pick<FieldDifference, 'field'>, value: unknown, text: Text, locale: Locale): string {
  if (value === null || value === undefined || value === '') return text.none;
  if (diff.field === 'price' || diff.field === 'before_discount') return formatMoney(Number(value), locale);
  if (diff.field === 'images') return plural(text.photos, (value as unknown[]).length, locale);
  return String(value);
}

/** The photos a change proposes (their addresses), shown small beside the words. */
export const photosOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((p: { url: string }) => p.url).filter(Boolean) : [];
