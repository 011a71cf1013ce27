/** Behaviour of every CartControl on the page: one delegated click handler, one render per cart change. */
import { CART_CONTROL_REFRESH, quantityOf, type CartProduct } from '../../lib/cart-math.ts';
import { showToast } from '../../lib/toast-event.ts';
import { $cart, stepCart, type CartStep } from '../../stores/cart.ts';

const SELECTOR = '[data-cart-control]';

function render() {
  const lines = $cart.get().cartsProducts;
  for (const control of document.querySelectorAll<HTMLElement>(SELECTOR)) {
    const add = control.querySelector<HTMLElement>('[data-cart-add]');
    const counter = control.querySelector<HTMLElement>('[data-cart-counter]');
    const soldOut = control.querySelector<HTMLElement>('[data-cart-sold-out]');
    if (add && counter && soldOut) {
      const product = JSON.parse(control.dataset['cartControl']!) as CartProduct;
      const line = lines.find((l) => l.product.id === product.id);
      const quantity = line?.quantity ?? 0;
      // The snapshot can change after load (a product page switching variants or refreshing its stock).
      const available = product.stock > 0;
      soldOut.hidden = available || quantity > 0;
      add.hidden = !available || quantity > 0;
      counter.hidden = quantity === 0;
      counter.querySelector('output')!.textContent = String(quantity);
      // Plus disappears at the stock (the cart's copy is fresher once the cart page has checked it).
      counter.querySelector<HTMLElement>('[data-cart-step="1"]')!.hidden = quantity >= (line?.product.stock ?? product.stock);
    }
    control.dataset['ready'] = '';
  }
}

document.addEventListener(CART_CONTROL_REFRESH, render);

document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-cart-add], [data-cart-step]');
  const control = button?.closest<HTMLElement>(SELECTOR);
  if (!button || !control) return;
  const product = JSON.parse(control.dataset['cartControl']!) as CartProduct;
  const outcome = stepCart(product, button.dataset['cartStep'] === '-1' ? -1 : 1);
  if (!outcome) return;
  const texts = JSON.parse(control.dataset['cartTexts']!) as Record<CartStep, string>;
  showToast(texts[outcome]);
  // The pressed button may just have been hidden: keep keyboard focus inside the control.
  if (button.hidden || button.closest<HTMLElement>('[hidden]')) {
    const next = quantityOf($cart.get().cartsProducts, product.id) > 0 ? '[data-cart-step="-1"]' : '[data-cart-add]';
    control.querySelector<HTMLElement>(next)?.focus();
  }
});

$cart.subscribe(render);
