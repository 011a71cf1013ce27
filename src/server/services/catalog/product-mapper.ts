import type { Locale } from '#i18n/locales.ts';
import type { ProductCard, ProductDetail } from '#lib/types.ts';
import type { ProductRow } from '../../db/schema.ts';
import { localField, localized } from '#i18n/localized.ts';

/** A product row joined with the category, sub-category and seller names its card shows. */
export type ProductJoinedRow = Omit<ProductRow, 'hidden' | 'ratings_total'> & {
  category_en: string;
  category_ar: string;
  sub_category_en: string;
  sub_category_ar: string;
  seller_slug: string;
  seller_en: string;
  seller_ar: string;
};

export function toProductCard(row: ProductJoinedRow, locale: Locale): ProductCard {
  const images = JSON.parse(row.images) as string[];
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    name: localField(locale, row, 'name'),
    img: images[0] ?? '',
    images,
    price: row.price,
    // The old price is only meaningful when it is higher (spec section 3).
    beforeDiscount: row.before_discount !== null && row.before_discount > row.price ? row.before_discount : null,
    rate: Number(row.rating),
    ratings_count: row.ratings_count,
    stock: row.stock,
    out_of_stock: row.stock <= 0,
    badgeContent: localField(locale, row, 'badge'),
    weight: row.weight_grams,
    category: { id: row.category_id, name: localField(locale, row, 'category') },
    sub_category: { id: row.sub_category_id, name: localField(locale, row, 'sub_category') },
    seller: { id: row.seller_id, slug: row.seller_slug, name: localField(locale, row, 'seller') },
    variant_group: row.variant_group,
    variant_label: localField(locale, row, 'variant_label'),
    created_at: row.created_at,
  };
}

export function toProductDetail(row: ProductJoinedRow, locale: Locale): ProductDetail {
  const card = toProductCard(row, locale);
  const alts = row.image_alts ? (JSON.parse(row.image_alts) as { en: string; ar: string }[]) : [];
  return {
    ...card,
    description: localField(locale, row, 'description'),
    image_alts: card.images.map((_, i) => (alts[i] ? localized(locale, alts[i]) : null)),
  };
}
