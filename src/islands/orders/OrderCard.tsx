import { formatMoney, formatOrderId, formatSignedMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { productPath } from '#i18n/routes.ts';
import { orderDate, paidSubtotal, type OrderView } from '#lib/orders/views.ts';
import type { OrdersText } from '../checkout/checkout-text.ts';
import { Filled } from '../shared/Filled.tsx';
import ItemAmount from '../checkout/ItemAmount.tsx';
import CourierProgress from './CourierProgress.tsx';

interface Props {
  locale: Locale;
  text: OrdersText;
  order: OrderView;
  busy: boolean;
  onCancel: (refundTo?: 'card' | 'wallet') => void;
  onReorder: () => void;
}

/** A delivered line's way to its product page's rating form (issue 52); the form there checks it was not returned. */
function RateLink({ productId, locale, label }: { productId: number; locale: Locale; label: string }) {
  return (
    <a
      href={`${productPath(locale, productId)}#rate`}
      className="ms-2 font-semibold text-crema underline underline-offset-2"
      data-rate-product={productId}
    >
      {label}
    </a>
  );
}

/** One order of the history: number, date, status, lines, totals, and cancel / order again. */
export default function OrderCard({ locale, text, order, busy, onCancel, onReorder }: Props) {
  const money = (n: number) => <bdi>{formatMoney(n, locale)}</bdi>;
  const status = text.status[order.status as keyof OrdersText['status']] ?? order.status;
  const c = text.checkout;
  const paymentText = text.paymentStatus[order.payment_status as keyof OrdersText['paymentStatus']] ?? '';
  // A waiting order's status already says "Awaiting payment": the chip never says it twice (issue 20).
  const payment = paymentText === status ? '' : paymentText;
  return (
    <li className="rounded-xl border border-roast-100 bg-white p-4" data-order={order.id} data-status={order.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold">
          <Filled template={c.orderNumber} values={{ id: formatOrderId(order.id) }} />
        </h2>
        <span className="rounded-full bg-roast-100 px-3 py-1 text-sm font-semibold" data-order-status>
          {status}
          {payment && <span data-payment-status={order.payment_status}> · {payment}</span>}
        </span>
      </div>
      <p className="text-sm text-roast-700">
        <Filled template={text.history.placedOn} values={{ date: orderDate(order.created_at, locale) }} />
      </p>
      {order.tracking && (
        <p className="mt-1 text-sm" data-tracking={order.tracking.number}>
          <Filled template={text.history.tracking} values={{ company: order.tracking.company, number: order.tracking.number }} />
          {' · '}
          <span data-courier-step>{text.history.courierSteps[order.tracking.step]}</span>
          {' · '}
          <a href={order.tracking.link} className="font-semibold underline underline-offset-2">
            {text.history.trackParcel}
          </a>
        </p>
      )}
      {order.tracking && <CourierProgress text={text} step={order.tracking.step} />}
      <ul className="mt-2 divide-y divide-roast-100 text-sm">
        {order.items.map((item) => (
          <li key={item.product_id} className="flex justify-between gap-2 py-2">
            <span>
              {item.name} — <Filled template={text.history.quantity} values={{ count: item.quantity }} />
              {order.status === 'DELIVERED' && (
                <RateLink productId={item.product_id} locale={locale} label={text.history.rateProduct} />
              )}
            </span>
            <ItemAmount item={item} locale={locale} listLabel={c.listPrice} />
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 text-sm">
        <div className="flex justify-between">
          <dt>{c.subtotal}</dt>
          <dd data-order-subtotal>{money(paidSubtotal(order))}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{c.delivery}</dt>
          <dd>{order.Shipping_Fees === 0 ? c.free : money(order.Shipping_Fees)}</dd>
        </div>
        {order.DiscountAmount > 0 && (
          <div className="flex justify-between">
            <dt>{c.discount}</dt>
            <dd data-order-discount>
              <bdi>{formatSignedMoney(-order.DiscountAmount, locale)}</bdi>
            </dd>
          </div>
        )}
        {order.walletAmount > 0 && (
          <div className="flex justify-between">
            <dt>{c.wallet}</dt>
            <dd>
              <bdi>{formatSignedMoney(-order.walletAmount, locale)}</bdi>
            </dd>
          </div>
        )}
        <div className="flex justify-between font-bold">
          <dt>{c.total}</dt>
          <dd data-order-total>{money(order.DiscountedTotal)}</dd>
        </div>
      </dl>
      {order.refunds.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm font-semibold text-green-800" data-refunds>
          {order.refunds.map((refund, i) => (
            <li key={i} data-refund={refund.destination} data-refund-status={refund.status === 'paid' ? 'paid' : 'owed'}>
              <Filled
                template={
                  refund.destination === 'wallet'
                    ? text.history.refundedToWallet
                    : refund.status === 'paid'
                      ? text.history.refundedToCard
                      : text.history.refundOwed
                }
                values={{ amount: formatMoney(refund.amount, locale) }}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {order.cancellable &&
          // A paid order asks where its money goes back (issue 19); any other order has one way to cancel.
          (order.payment_status === 'paid' ? (['card', 'wallet'] as const) : ([undefined] as const)).map((to) => (
            <button
              key={to ?? 'cancel'}
              type="button"
              disabled={busy}
              onClick={() => onCancel(to)}
              className="rounded-full border border-red-700 px-4 py-2 text-sm font-semibold text-red-700"
            >
              {to === 'card' ? text.history.cancelToCard : to === 'wallet' ? text.history.cancelToWallet : text.history.cancel}
            </button>
          ))}
        <button
          type="button"
          disabled={busy}
          onClick={onReorder}
          className="rounded-full bg-roast-700 px-4 py-2 text-sm font-semibold text-white"
        >
          {text.history.reorder}
        </button>
      </div>
    </li>
  );
}
