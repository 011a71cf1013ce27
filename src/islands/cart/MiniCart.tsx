import { formatMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { useMounted } from '../shared/use-mounted.ts';
import { useCart } from './use-cart.ts';
import { useLiveQuote } from './use-live-quote.ts';

interface Props {
  locale: Locale;
  cartHref: string;
  text: { cart: string; cartHasItems: string; miniTitle: string; empty: string; total: string; viewCart: string };
}

/**
 * Navbar cart (spec section 2): icon with a notification dot, a dropdown with the lines and the total price.
 * Hydrated on first intent (hover, focus, tap); the dot is CSS on <html data-cart-items> kept by cart-dot.ts,
 * so it is right before React runs. Once hydrated, names and prices are refreshed in the page's language.
 */
export default function MiniCart({ locale, cartHref, text }: Props) {
  const cart = useCart();
  const mounted = useMounted();
  useLiveQuote(locale, { enabled: mounted && cart.cartsProducts.length > 0 });
  const lines = cart.cartsProducts;

  return (
    <details data-dropdown data-mini-cart className="relative">
      <summary className="relative block cursor-pointer rounded p-2 hover:bg-roast-100">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path
            d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2"
            stroke="currentColor"
            strokeWidth="1.8"
            fill="none"
          />
          <circle cx="10" cy="20" r="1.5" fill="currentColor" />
          <circle cx="17" cy="20" r="1.5" fill="currentColor" />
        </svg>
        <span className="sr-only">{text.cart}</span>
        <span data-mini-cart-dot className="absolute end-1 top-1 h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-white">
          <span className="sr-only">{text.cartHasItems}</span>
        </span>
      </summary>
      <div className="absolute end-0 top-full z-40 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-roast-100 bg-white p-3 shadow-lg">
        <p className="text-sm font-semibold">{text.miniTitle}</p>
        {/* Until the stored cart is read, say nothing rather than "empty". */}
        {mounted && lines.length === 0 && <p className="py-4 text-center text-sm text-roast-700">{text.empty}</p>}
        <ul className="max-h-72 divide-y divide-roast-100 overflow-y-auto">
          {lines.map(({ product, quantity }) => (
            <li key={product.id} className="flex items-center gap-3 py-2">
              <img
                src={product.images[0]}
                alt=""
                width="48"
                height="48"
                loading="lazy"
                className="h-12 w-12 shrink-0 rounded bg-roast-100 object-cover"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p data-name className="line-clamp-2">
                  {product.name}
                </p>
                <p className="text-xs text-roast-700">
                  <bdi>{quantity}</bdi> × <bdi>{formatMoney(product.price, locale)}</bdi>
                </p>
              </div>
            </li>
          ))}
        </ul>
        {lines.length > 0 && (
          <p className="mt-2 flex justify-between border-t border-roast-100 pt-2 font-semibold">
            <span>{text.total}</span>
            <bdi data-mini-cart-total>{formatMoney(cart.total, locale)}</bdi>
          </p>
        )}
        <a
          href={cartHref}
          className="mt-3 block rounded-full bg-roast-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-roast-900"
        >
          {text.viewCart}
        </a>
      </div>
    </details>
  );
}
