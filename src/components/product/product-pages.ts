import { locales, type Locale } from '../../i18n/locales.ts';
import type { ProductCard, ProductDetail, Variant } from '../../lib/types.ts';
import { sharedDatabase } from '../../server/db/index.ts';
import { toProductDetail } from '../../server/services/catalog/product-mapper.ts';
import { joinedProducts } from '../../server/services/catalog/joined-products.ts';
import { toVariant } from '../../server/services/catalog/products.ts';

// A type alias, not an interface: Astro's page props need an implicit index signature.
export type ProductPageProps = {
  product: ProductDetail;
  variants: Variant[];
  related: ProductCard[];
};

const RELATED_COUNT = 10;

/**
 * Every product page of both languages from ONE database query: variants and related products are
 * grouped in memory, so building thousands of pages costs one read, not three per page.
 */
export async function productPagePaths(): Promise<{ params: { locale: Locale; id: string }; props: ProductPageProps }[]> {
  const { db } = await sharedDatabase();
  const rows = await joinedProducts(db).orderBy('p.id').execute();
  const paths = [];
  for (const locale of locales) {
    const products = rows.map((row) => toProductDetail(row, locale));
    const groups = new Map<string, ProductDetail[]>();
    const bySub = new Map<number, ProductDetail[]>();
    for (const p of products) {
      if (p.variant_group) groups.set(p.variant_group, [...(groups.get(p.variant_group) ?? []), p]);
      const sub = bySub.get(p.sub_category.id) ?? [];
      sub.push(p);
      bySub.set(p.sub_category.id, sub);
    }
    // Related: the best rated others of the same sub-category (other weights of the same coffee excluded).
    for (const list of bySub.values()) list.sort((a, b) => b.rate - a.rate || a.id - b.id);
    for (const product of products) {
      const group = product.variant_group ? (groups.get(product.variant_group) ?? [product]) : [product];
      const variants = [...group].sort((a, b) => (a.weight ?? 0) - (b.weight ?? 0) || a.id - b.id).map(toVariant);
      const related = (bySub.get(product.sub_category.id) ?? [])
        .filter((p) => p.id !== product.id && (p.variant_group === null || p.variant_group !== product.variant_group))
        .slice(0, RELATED_COUNT)
        .map(({ description: _description, ...card }) => card);
      paths.push({ params: { locale, id: String(product.id) }, props: { product, variants, related } });
    }
  }
  return paths;
}
