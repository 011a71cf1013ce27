import type { ShopDb } from '../../db/index.ts';
import { announceCatalogChange } from '../catalog/catalog-changes.ts';

/**
 * A change to what the shop shows of a product's reviews (an approved review, a removed one, a reply): the product
 * page's rating summary and the cards' stars are part of cached pages, so the catalog version moves as it does for a
 * price (docs/architecture.md "Catalog version"), and the render cache starts over. Called after the commit; `urgent` (a desk decision) waits until this instance shows it, as staff changes do.
 */
export async function announceReviewChange(db: ShopDb, productId: number, urgent = false): Promise<void> {
  await announceCatalogChange(db, { productIds: [productId], urgent });
}
