/**
 * Fills the navbar mini-cart from the stored cart. It deliberately avoids the nanostores store: this runs on
 * every page, and the store plus its library would push pages without product cards over their JS budget.
 */
import { formatMoney } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { decodeCart } from '../../lib/cart-decode.ts';
import { CART_CHANGE_EVENT, CART_STORAGE_KEY } from '../../lib/cart-math.ts';

const root = document.querySelector<HTMLElement>('[data-mini-cart]');
const locale = (document.documentElement.lang === 'ar' ? 'ar' : 'en') satisfies Locale;

function stored(): string | null {
  try {
    return localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

function render(root: HTMLElement) {
  const { cartsProducts: lines, total } = decodeCart(stored());
  const pick = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-mini-cart-${name}]`)!;
  const template = pick<HTMLTemplateElement>('line');
  pick('dot').hidden = lines.length === 0;
  pick('empty').hidden = lines.length > 0;
  pick('footer').hidden = lines.length === 0;
  pick('total').textContent = formatMoney(total, locale);
  pick('lines').replaceChildren(
    ...lines.map(({ product, quantity }) => {
      const item = template.content.cloneNode(true) as DocumentFragment;
      const image = item.querySelector('img')!;
      if (product.images[0]) image.src = product.images[0];
      item.querySelector('[data-name]')!.textContent = product.name;
      item.querySelector('[data-qty]')!.textContent = String(quantity);
      item.querySelector('[data-price]')!.textContent = formatMoney(product.price, locale);
      return item;
    }),
  );
  root.dataset['ready'] = '';
}

if (root) {
  const update = () => render(root);
  update();
  window.addEventListener(CART_CHANGE_EVENT, update);
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) update();
  });
  // Back/forward cache restores a page whose cart may have changed meanwhile.
  window.addEventListener('pageshow', update);
}
