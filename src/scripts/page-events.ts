/**
 * The page-view e-commerce events (docs/analytics.md), on builds with a tag manager only: view_item_list for the
 * product cards a page shows, view_item for a product page. Prices are read from the server-rendered markup
 * (data-item-price, piastres); the live price refresh does not change what was viewed.
 */
import { toItem, track } from '#lib/analytics.ts';

// __GTM_ID__ is a build-time constant: without GTM_ID this code is not even shipped.
if (__GTM_ID__ && document.querySelector('meta[name="gtm-id"]')) {
  const product = document.querySelector<HTMLElement>('[data-product-live][data-item-name]');
  if (product) {
    const { productLive, itemName, itemPrice } = product.dataset;
    track('view_item', [toItem(productLive!, itemName!, Number(itemPrice))]);
  }
  const cards = [...document.querySelectorAll<HTMLElement>('[data-product-card][data-item-name]')];
  if (cards.length)
    track(
      'view_item_list',
      cards.map((card) => toItem(card.dataset['productCard']!, card.dataset['itemName']!, Number(card.dataset['itemPrice']))),
      { item_list_name: document.title },
    );
}
