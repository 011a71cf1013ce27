import { fromPounds, toPounds } from './money.ts';
import type { CartLine } from './cart-math.ts';

/** A GA4 e-commerce item: ids as strings, prices in pounds (the shop keeps piastres). */
export interface EcommerceItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
}

export const toItem = (id: number | string, name: string, piastres: number, quantity = 1): EcommerceItem => ({
  item_id: String(id),
  item_name: name,
  price: toPounds(piastres),
  quantity,
});

type DataLayerWindow = { dataLayer?: unknown[] };

/**
 * Pushes one GA4 e-commerce event to the data layer (docs/analytics.md). Only an array: nothing leaves the page
 * unless the shopper consented and the tag manager loaded (src/scripts/consent.ts), which reads it then.
 */
export function track(event: string, items: EcommerceItem[], extra: Record<string, unknown> = {}): void {
  // __GTM_ID__ is a build-time constant (astro.config.ts): without a tag manager the shop pushes nothing.
  if (!__GTM_ID__ || typeof window === 'undefined' || items.length === 0) return;
  const layer = ((window as DataLayerWindow).dataLayer ??= []);
  // Summed in piastres, so 0.1 + 0.2 pounds never reads 0.30000000000000004.
  const value = toPounds(items.reduce((sum, i) => sum + fromPounds(i.price) * i.quantity, 0));
  // GA4 asks to clear the previous ecommerce object first, so fields never leak between events.
  layer.push({ ecommerce: null });
  layer.push({ event, ecommerce: { currency: 'EGP', value, ...extra, items } });
}

/** add_to_cart / remove_from_cart for what a shopper's action changed between two carts (quantities per product). */
export function cartChangeEvents(before: CartLine[], after: CartLine[]): { event: string; items: EcommerceItem[] }[] {
  const was = new Map(before.map((l) => [l.product.id, l]));
  const now = new Map(after.map((l) => [l.product.id, l]));
  const added: EcommerceItem[] = [];
  const removed: EcommerceItem[] = [];
  for (const id of new Set([...was.keys(), ...now.keys()])) {
    const line = now.get(id) ?? was.get(id)!;
    const diff = (now.get(id)?.quantity ?? 0) - (was.get(id)?.quantity ?? 0);
    if (diff > 0) added.push(toItem(id, line.product.name, line.product.price, diff));
    if (diff < 0) removed.push(toItem(id, line.product.name, line.product.price, -diff));
  }
  return [
    ...(added.length ? [{ event: 'add_to_cart', items: added }] : []),
    ...(removed.length ? [{ event: 'remove_from_cart', items: removed }] : []),
  ];
}
