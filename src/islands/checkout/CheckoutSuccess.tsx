import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { formatDateTime, formatMoney, formatOrderId } from '#i18n/format.ts';
import { localePath, productsPath } from '#i18n/routes.ts';
import { $placedOrder, followOrder, POLL_LIMIT } from '#stores/placed-order.ts';
import { Filled } from '../shared/Filled.tsx';
import type { OrdersText } from './checkout-text.ts';

/**
 * /checkout/success?order=ID: the order number (in <bdi>) and where to go next. For an order paid online it asks the
 * server, which only believes the provider's signed callback: 'Payment successful' once that arrived (the cart is
 * emptied then), 'Payment failed' with the way back to the payment step (the cart kept), or a wait in between.
 */
export default function CheckoutSuccess({
  locale,
  text,
  payText,
}: {
  locale: Locale;
  text: OrdersText['checkout'];
  payText: Dictionary['payments'];
}) {
  const raw = new URLSearchParams(window.location.search).get('order') ?? '';
  // The order's payment comes from its store (src/stores/placed-order.ts), which asks the server until it settles.
  useEffect(() => followOrder(raw), [raw]);
  const { id, payment, tries, paymentCode } = useStore($placedOrder);
  // A kiosk payment: the code to pay in cash and until when (the order is held meanwhile).
  if (payment === 'awaiting' && paymentCode)
    return (
      <div className="mx-auto mt-6 max-w-lg text-center" data-payment-code={paymentCode.code}>
        <h1 className="text-2xl font-bold md:text-3xl">{payText.kiosk.title}</h1>
        <p className="mt-3">
          <Filled template={payText.kiosk.text} values={{ amount: formatMoney(paymentCode.amount, locale) }} />
        </p>
        <p className="mt-4 text-sm font-semibold">{payText.kiosk.code}</p>
        <p className="mt-1 font-mono text-3xl font-bold tracking-widest">
          <bdi dir="ltr">{paymentCode.code}</bdi>
        </p>
        <p className="mt-3" data-payment-code-expiry>
          <Filled template={payText.kiosk.payBefore} values={{ time: formatDateTime(paymentCode.expires_at, locale) }} />
        </p>
        {id && (
          <p className="mt-3" data-order-id={id}>
            <Filled template={text.successText} values={{ id: formatOrderId(id) }} />
          </p>
        )}
      </div>
    );
  if (payment === null || (payment === 'awaiting' && tries < POLL_LIMIT))
    return (
      <p className="mt-6 text-center text-lg" role="status" data-payment-waiting>
        {payText.confirming}
      </p>
    );
  if (payment === 'failed' || payment === 'refund_due' || payment === 'cancelled')
    return (
      <div className="mt-6 text-center" data-payment-failed={payment}>
        {/* Leaving the provider's page is the shopper's choice, not a failed payment (issue 20). */}
        <h1 className="text-2xl font-bold md:text-3xl">
          {payment === 'cancelled' ? payText.cancelledTitle : payText.failedTitle}
        </h1>
        {/* Money that arrived too late was charged: saying "nothing was charged" would be untrue. */}
        <p className="mt-3">
          {payment === 'refund_due' ? payText.refundDue : payment === 'cancelled' ? payText.cancelled : payText.failedText}
        </p>
        <a
          href={localePath(locale, '/checkout/checkout-payment')}
          className="mt-6 inline-block rounded-full bg-roast-700 px-6 py-3 font-semibold text-white hover:bg-roast-900"
        >
          {payText.backToPayment}
        </a>
      </div>
    );
  // Still unconfirmed after the polls: the order is saved, not yet placed.
  const title = payment === 'paid' ? payText.successTitle : payment === 'awaiting' ? payText.confirming : text.successTitle;
  return (
    <div className="mt-6 text-center" data-checkout-success data-payment={payment}>
      <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
      {payment === 'awaiting' && <p className="mt-3">{payText.slow}</p>}
      {id && (
        <p className="mt-3 text-lg" data-order-id={id}>
          <Filled template={text.successText} values={{ id: formatOrderId(id) }} />
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a
          href={localePath(locale, '/profile/order-history')}
          className="rounded-full bg-roast-700 px-6 py-3 font-semibold text-white hover:bg-roast-900"
        >
          {text.viewOrders}
        </a>
        <a href={productsPath(locale)} className="rounded-full border border-roast-300 px-6 py-3 font-semibold">
          {text.continueShopping}
        </a>
      </div>
    </div>
  );
}
