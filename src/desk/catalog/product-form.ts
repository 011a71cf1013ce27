import { parseMoneyInput } from '#lib/money.ts';
import type { ProductEditView } from './catalog-views.ts';
import { latinDigits } from '#lib/text.ts';

/** The editor's text fields, as typed (amounts in EGP, counts in any digits). */
export type ProductFields = Record<string, string>;

const count = (text: string | undefined) => (text && /^\d+$/.test(latinDigits(text)) ? Number(latinDigits(text)) : Number.NaN);
const orNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);
/** Pounds as typed (parseMoneyInput: any digits, either decimal point) to piastres; NaN when not an amount. */
const money = (text: string) => {
  const read = parseMoneyInput(text);
  return read.ok ? read.piastres : Number.NaN;
};

/**
 * The body the product API takes from the editor's fields and photos (piastres, numbers and nulls), and the amounts and
 * counts that do not read as one, named on their field before anything is sent (an old price typed wrong must not be
 * saved as "not on sale").
 */
export function productBody(f: ProductFields, photos: ProductEditView['images'], wasStock: number | null) {
  const body = {
    sku: f['sku'] ?? '',
    name_en: f['name_en'] ?? '',
    name_ar: f['name_ar'] ?? '',
    description_en: f['description_en'] ?? '',
    description_ar: f['description_ar'] ?? '',
    category_id: count(f['category_id']),
    sub_category_id: count(f['sub_category_id']),
    seller_id: count(f['seller_id']),
    price: money(f['price'] ?? ''),
    before_discount: orNull(f['before_discount']) === null ? null : money(f['before_discount']!),
    stock: count(f['stock']),
    weight_grams: orNull(f['weight_grams']) === null ? null : count(f['weight_grams']),
    badge_en: orNull(f['badge_en']),
    badge_ar: orNull(f['badge_ar']),
    variant_group: orNull(f['variant_group']),
    variant_label_en: orNull(f['variant_label_en']),
    variant_label_ar: orNull(f['variant_label_ar']),
    images: photos,
    hidden: f['hidden'] === 'on',
    ...(wasStock === null ? {} : { was_stock: wasStock }),
  };
  const problems: Record<string, 'badNumber' | 'badStock'> = {};
  for (const field of ['price', 'before_discount'] as const) if (Number.isNaN(body[field])) problems[field] = 'badNumber';
  for (const field of ['stock', 'weight_grams'] as const) if (Number.isNaN(body[field])) problems[field] = 'badStock';
  return { body, problems };
}

/** A photo's problems (any `images…` field) are shown once, above the photos. */
export const photoErrors = (errors: Record<string, string[]>): boolean => Object.keys(errors).some((k) => k.startsWith('images'));
