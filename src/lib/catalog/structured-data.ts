import { poundsText } from '../money.ts';
import type { ProductDetail } from '../types.ts';

/** One step of a breadcrumb trail; the last one (the current page) has no link. */
export interface Crumb {
  name: string;
  href?: string | undefined;
}

/** schema.org BreadcrumbList for a trail; links are made absolute against the site. */
export function breadcrumbJsonLd(crumbs: Crumb[], site: URL, currentUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.href ?? currentUrl, site).toString(),
    })),
  };
}

/** schema.org Product with one Offer in EGP; prices leave piastres only here, for the search engines. */
export function productJsonLd(product: ProductDetail, site: URL, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': new URL(url, site).toString(),
    productID: String(product.id),
    sku: product.sku,
    name: product.name,
    description: product.description,
    image: product.images.map((src) => new URL(src, site).toString()),
    category: `${product.category.name} > ${product.sub_category.name}`,
    brand: { '@type': 'Brand', name: product.seller.name },
    ...(product.ratings_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rate,
            reviewCount: product.ratings_count,
            bestRating: 5,
          },
        }
      : {}),
    ...(product.weight !== null ? { weight: { '@type': 'QuantitativeValue', value: product.weight, unitCode: 'GRM' } } : {}),
    offers: {
      '@type': 'Offer',
      url: new URL(url, site).toString(),
      price: poundsText(product.price),
      priceCurrency: 'EGP',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: product.seller.name },
    },
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the script element. */
export const jsonLdText = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
