import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CART_CONTROL_REFRESH, type CartProduct } from '#lib/cart-math.ts';
import { showToast } from '#lib/toast-event.ts';
import { stepCart } from '#stores/cart.ts';
import { useMounted } from '../shared/use-mounted.ts';
import { CART_CONTROL_CLASSES as classes, type CartControlText } from './cart-control-markup.ts';
import { useCart } from './use-cart.ts';

export type { CartControlText };

interface Props {
  product: CartProduct;
  text: CartControlText;
  /** On the product page: follow the variant and live stock that product-live.ts announces. */
  live?: boolean;
  className?: string;
}

/**
 * Add-to-cart button or quantity counter of one product (spec section 4), on cards and the product page.
 * Out of stock: a disabled button that is the card's stock label. Plus hides at the stock, minus at 0 removes,
 * clicks are throttled at 500 ms (in the store), and keyboard focus stays inside the control when the pressed
 * button disappears.
 */
export default function CartControl({ product: initial, text, live = false, className = '' }: Props) {
  const cart = useCart();
  const mounted = useMounted();
  const [product, setProduct] = useState(initial);
  const root = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (!live) return;
    const slot = root.current?.closest<HTMLElement>('[data-cart-control-slot]');
    // product-live.ts may have answered before this island hydrated.
    if (slot?.dataset['cartProduct']) setProduct(JSON.parse(slot.dataset['cartProduct']) as CartProduct);
    const follow = (event: Event) => setProduct((event as CustomEvent<CartProduct>).detail);
    document.addEventListener(CART_CONTROL_REFRESH, follow);
    return () => document.removeEventListener(CART_CONTROL_REFRESH, follow);
  }, [live]);

  const line = cart.cartsProducts.find((l) => l.product.id === product.id);
  const quantity = line?.quantity ?? 0;
  const available = product.stock > 0;
  // The cart's copy of the stock is fresher once the cart page has checked it.
  const atStock = quantity >= (line?.product.stock ?? product.stock);

  useLayoutEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const active = document.activeElement as HTMLElement | null;
    if (active && root.current?.contains(active) && !active.closest('[hidden]') && !active.hidden) return;
    root.current?.querySelector<HTMLElement>(quantity > 0 ? '[data-cart-step="-1"]' : '[data-cart-add]')?.focus();
  });

  const click = (delta: 1 | -1) => {
    const outcome = stepCart(product, delta);
    if (!outcome) return;
    refocus.current = true;
    showToast(text[outcome]);
  };

  return (
    <div ref={root} data-cart-control={product.id} data-ready={mounted ? '' : undefined} className={`mt-2 ${className}`}>
      <button type="button" disabled hidden={available || quantity > 0} className={classes.outOfStock}>
        {text.outOfStock}
      </button>
      <button type="button" data-cart-add hidden={!available || quantity > 0} onClick={() => click(1)} className={classes.add}>
        {text.addToCart}
      </button>
      <div role="group" aria-label={text.quantity} hidden={quantity === 0} className={classes.counter}>
        <button type="button" data-cart-step="-1" aria-label={text.decrease} className={classes.step} onClick={() => click(-1)}>
          −
        </button>
        <output aria-live="polite" className={classes.output}>
          {quantity}
        </output>
        <button
          type="button"
          data-cart-step="1"
          aria-label={text.increase}
          hidden={atStock}
          className={classes.step}
          onClick={() => click(1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
