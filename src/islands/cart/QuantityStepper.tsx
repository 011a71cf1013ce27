import type { CartLine } from '#lib/cart-math.ts';
import { stepCart } from '#stores/cart.ts';
import type { CartText } from './cart-text.ts';
import { showToast } from '#lib/toast-event.ts';

interface Props {
  line: CartLine;
  text: Pick<CartText, 'quantity' | 'increase' | 'decrease' | 'itemRemoved' | 'cartUpdated'>;
}

const step = 'grid h-9 w-9 place-items-center rounded-full text-lg font-bold hover:bg-roast-100';

/** The cart page's counter: same rules as the product cards (throttled, plus hidden at the stock, 0 removes). */
export default function QuantityStepper({ line, text }: Props) {
  const click = (delta: 1 | -1) => {
    const outcome = stepCart(line.product, delta);
    if (outcome === 'removed') showToast(text.itemRemoved);
    else if (outcome) showToast(text.cartUpdated);
  };
  return (
    <div
      role="group"
      aria-label={text.quantity}
      className="grid w-32 grid-cols-3 place-items-center rounded-full border border-roast-200 bg-white p-0.5"
    >
      <button type="button" aria-label={text.decrease} className={step} onClick={() => click(-1)}>
        −
      </button>
      <output aria-live="polite" className="min-w-8 text-center font-semibold">
        {line.quantity}
      </output>
      <button
        type="button"
        aria-label={text.increase}
        className={step}
        hidden={line.quantity >= line.product.stock}
        onClick={() => click(1)}
      >
        +
      </button>
    </div>
  );
}
