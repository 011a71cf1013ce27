import { useStore } from '@nanostores/react';
import { $session } from '#stores/session.ts';
import type { OrdersText } from '../checkout/checkout-text.ts';
import DeliveryEstimate from './DeliveryEstimate.tsx';
import { formatMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { productsPath } from '#i18n/routes.ts';
import { canCheckout } from '#lib/cart-quote.ts';
import { checkoutHref } from '#lib/checkout-links.ts';
import { $cart } from '#stores/cart.ts';
import CartLineRow from './CartLineRow.tsx';
import type { CartText } from './cart-text.ts';
import { useLiveQuote } from './use-live-quote.ts';

interface Props {
  locale: Locale;
  text: CartText;
  /** Until accounts exist every shopper is a guest; the session store will set this. */
  loggedIn?: boolean;
  /** Texts of the delivery estimate by governorate (orders domain). */
  deliveryText?: OrdersText['delivery'];
}

/** /checkout/cart: the lines with live prices, the subtotal, an empty state and the checkout button. */
export default function CartPage({ locale, text, loggedIn = false, deliveryText }: Props) {
  const cart = useStore($cart);
  const session = useStore($session);
  const signedIn = loggedIn || session.status === 'user';
  const { status, notices, removedCount } = useLiveQuote(locale);
  const lines = cart.cartsProducts;

  if (lines.length === 0)
    return (
      <div className="mt-10 min-h-[23rem] text-center" data-cart-empty>
        <svg viewBox="0 0 64 64" width="96" height="96" aria-hidden="true" className="mx-auto text-roast-200">
          <path d="M6 10h8l6 30h30l6-20H18" stroke="currentColor" strokeWidth="4" fill="none" strokeLinejoin="round" />
          <circle cx="24" cy="52" r="4" fill="currentColor" />
          <circle cx="46" cy="52" r="4" fill="currentColor" />
        </svg>
        <p className="mt-4 text-xl font-semibold">{text.empty}</p>
        {removedCount > 0 && <p className="mt-2 text-amber-800">{text.unavailableRemoved}</p>}
        <p className="mt-2 text-roast-500">{text.emptyHint}</p>
        <a
          href={productsPath(locale)}
          className="mt-6 inline-block rounded-full bg-roast-700 px-6 py-3 font-semibold text-white hover:bg-roast-900"
        >
          {text.continueShopping}
        </a>
      </div>
    );

  const ready = status === 'ok' && canCheckout(lines);
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
      <section aria-label={text.title}>
        {status === 'loading' && <p className="text-sm text-roast-500">{text.refreshing}</p>}
        {status === 'failed' && (
          <p role="alert" className="text-sm text-red-700">
            {text.refreshFailed}
          </p>
        )}
        {removedCount > 0 && (
          <p role="status" className="text-sm text-amber-800">
            {text.unavailableRemoved}
          </p>
        )}
        <ul className="divide-y divide-roast-100 rounded-xl border border-roast-100 bg-white px-4">
          {lines.map((line) => (
            <CartLineRow key={line.product.id} line={line} notices={notices[line.product.id] ?? []} locale={locale} text={text} />
          ))}
        </ul>
      </section>
      <aside aria-labelledby="cart-summary" className="h-fit rounded-xl border border-roast-100 bg-white p-4">
        <h2 id="cart-summary" className="text-lg font-bold">
          {text.summary}
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt>{text.subtotal}</dt>
            <dd data-cart-subtotal>
              <bdi>{formatMoney(cart.sub_total, locale)}</bdi>
            </dd>
          </div>
          <div className="flex justify-between border-t border-roast-100 pt-2 text-base font-bold">
            <dt>{text.total}</dt>
            <dd data-cart-total>
              <bdi>{formatMoney(cart.total, locale)}</bdi>
            </dd>
          </div>
        </dl>
        {deliveryText && <DeliveryEstimate locale={locale} text={deliveryText} subtotal={cart.sub_total} />}
        {ready ? (
          <a
            href={checkoutHref(locale, signedIn)}
            className="mt-4 block rounded-full bg-roast-700 px-4 py-3 text-center font-semibold text-white hover:bg-roast-900"
          >
            {text.checkout}
          </a>
        ) : (
          <>
            <button
              type="button"
              disabled
              className="mt-4 w-full cursor-not-allowed rounded-full bg-roast-200 px-4 py-3 font-semibold text-roast-500"
            >
              {text.checkout}
            </button>
            {status === 'ok' && <p className="mt-2 text-sm text-red-700">{text.checkoutBlocked}</p>}
          </>
        )}
      </aside>
    </div>
  );
}
