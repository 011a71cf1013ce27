/**
 * Product page, live part: after load, GET /variants/{id} brings the current price and stock of this
 * product and its variants (the page itself may have been built days ago). Choosing a variant switches
 * name, price, stock, weight, SKU and pictures in place and puts the variant's own URL in the address bar.
 */
import { formatMoney, formatWeight } from '#i18n/format.ts';
import { plural, type PluralForms } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { apiFetch } from '#lib/api-client.ts';
import type { Variant } from '#lib/types.ts';
import { CART_CONTROL_REFRESH, toCartProduct } from '#lib/cart-math.ts';

const root = document.querySelector<HTMLElement>('[data-product-live]');

function show(variant: Variant, el: HTMLElement) {
  const d = el.dataset;
  const locale = d['locale'] as Locale;
  const set = (selector: string, text: string) => {
    const target = el.querySelector<HTMLElement>(selector);
    if (target) target.textContent = text;
  };
  set('[data-live-name]', variant.name);
  set('[data-live-price]', formatMoney(variant.price, locale));
  set('[data-live-sku]', variant.sku);
  const old = el.querySelector<HTMLElement>('[data-live-old-price]');
  if (old) {
    old.hidden = variant.beforeDiscount === null;
    const amount = old.querySelector('bdi');
    if (amount) amount.textContent = variant.beforeDiscount === null ? '' : formatMoney(variant.beforeDiscount, locale);
  }
  if (variant.weight !== null) set('[data-live-weight]', formatWeight(variant.weight, locale));
  const few = Number(d['few']);
  const stock = el.querySelector<HTMLElement>('[data-live-stock]');
  if (stock) {
    stock.textContent =
      variant.stock <= 0
        ? (d['textOut'] ?? '')
        : variant.stock <= few
          ? // Every form the language has (Arabic's dual «تبقّت قطعتان فقط» too, issue 51), not just one and other.
            plural(JSON.parse(d['textFew'] ?? '{"one":"","other":""}') as PluralForms, variant.stock, locale)
          : (d['textInStock'] ?? '');
    stock.classList.toggle('text-leaf', variant.stock > 0);
    stock.classList.toggle('text-red-700', variant.stock <= 0);
  }
  for (const link of el.querySelectorAll<HTMLElement>('[data-variant]'))
    link.setAttribute('aria-current', String(link.dataset['variant'] === String(variant.id)));
  const slot = document.querySelector<HTMLElement>('[data-cart-control-slot]');
  if (slot) {
    // The cart control adds exactly what is shown: this variant at its current price and stock. The island reads
    // the slot when it hydrates later, and follows the event once it has.
    const snapshot = toCartProduct(variant, variant.images[0]);
    slot.dataset['cartProduct'] = JSON.stringify(snapshot);
    document.dispatchEvent(new CustomEvent(CART_CONTROL_REFRESH, { detail: snapshot }));
  }
  variant.images.forEach((src, index) => {
    for (const img of document.querySelectorAll<HTMLImageElement>(
      `[data-gallery-image="${index}"], [data-gallery-thumb="${index}"]`,
    ))
      img.src = src;
  });
  el.dataset['productLive'] = String(variant.id);
}

async function load(el: HTMLElement, id: string): Promise<Variant[] | undefined> {
  try {
    const res = await apiFetch<{ data: Variant[] }>(`/variants/${id}`, { locale: el.dataset['locale'] as Locale });
    return res.ok ? res.body.data : undefined;
  } catch (error) {
    console.error('Live price refresh failed', error);
    return undefined;
  }
}

if (root) {
  const el = root;
  const startId = el.dataset['productLive']!;
  let variants = load(el, startId).then((list) => {
    const current = list?.find((v) => String(v.id) === el.dataset['productLive']);
    if (current) show(current, el);
    el.dataset['liveReady'] = '';
    return list;
  });
  el.addEventListener('click', (event) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-variant]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void variants.then(async (list) => {
      // The first fetch may have failed: ask again for the chosen variant's group.
      const fresh = list ?? (await (variants = load(el, link.dataset['variant']!)));
      const chosen = fresh?.find((v) => String(v.id) === link.dataset['variant']);
      if (!chosen) return window.location.assign(link.href);
      show(chosen, el);
      history.replaceState(null, '', link.href);
      document.title = document.title.replace(/^[^|]*/, `${chosen.name} `);
    });
  });
}
