import type { Dictionary } from '#i18n/en.ts';

/** The dictionary slice the checkout and order islands receive (only the orders domain). */
export type OrdersText = Dictionary['orders'];

export interface InlineDraft {
  title: string;
  governorate_id: string;
  city: string;
  area: string;
  street: string;
  details: string;
}

export const emptyDraft: InlineDraft = { title: '', governorate_id: '', city: '', area: '', street: '', details: '' };

/** Every required field of an inline address is filled. */
export const draftComplete = (d: InlineDraft) =>
  [d.title, d.governorate_id, d.city, d.area, d.street].every((v) => v.trim() !== '');

/** The inline address as POST /orders takes it. */
export const draftPayload = (d: InlineDraft) => ({
  title: d.title.trim(),
  governorate_id: Number(d.governorate_id),
  city: d.city.trim(),
  area: d.area.trim(),
  street: d.street.trim(),
  ...(d.details.trim() ? { details: d.details.trim() } : {}),
});
