import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Dictionary } from '../../i18n/en.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localePath } from '../../i18n/routes.ts';
import { toItem, track } from '../../lib/analytics.ts';
import { $cart } from '../../stores/cart.ts';
import AddressStep from './AddressStep.tsx';
import { draftComplete, draftPayload, emptyDraft, type InlineDraft, type OrdersText } from './checkout-text.ts';
import CouponStep from './CouponStep.tsx';
import PaymentStep from './PaymentStep.tsx';
import SummaryBox from './SummaryBox.tsx';
import { useCheckoutData, useSummary } from './use-checkout-data.ts';
import { usePlaceOrder } from './use-place-order.ts';

/** /checkout/checkout-payment: address, coupon, payment method and the server's summary, then one order. */
export default function CheckoutPayment({
  locale,
  text,
  payText,
  loadingText,
}: {
  locale: Locale;
  text: OrdersText;
  payText: Dictionary['payments'];
  loadingText: string;
}) {
  const cart = useStore($cart);
  const products = cart.cartsProducts.map((l) => ({ product_id: l.product.id, quantity: l.quantity }));
  const data = useCheckoutData(locale);
  const [picked, setPicked] = useState<number | null>(null);
  const [addingChoice, setAdding] = useState<boolean | null>(null);
  const [draft, setDraft] = useState<InlineDraft>(emptyDraft);
  const [coupon, setCoupon] = useState<string | null>(null);
  const [payment, setPayment] = useState<string | null>(null);
  const [useWallet, setUseWallet] = useState(false);

  // The wallet option belongs to cash on delivery (the server applies the same rule).
  const walletUsed = useWallet && payment === 'cash_on_delivery';
  const adding = addingChoice ?? data.addresses.length === 0;
  const addressId = adding ? null : (picked ?? data.addresses[0]?.id ?? null);
  const summary = useSummary(
    { products, addressId, governorateId: adding ? draft.governorate_id : '', coupon, payment, useWallet: walletUsed },
    data.status === 'ok',
  );

  const method = data.methods.find((m) => m.code === payment);
  const missing = () =>
    addressId === null && !draftComplete(draft) ? text.errors.selectAddress : !payment ? text.errors.selectPayment : null;
  const [placeError, place, pending] = usePlaceOrder(locale, text, missing, () => ({
    products,
    ...(addressId !== null ? { address_id: addressId } : { address: draftPayload(draft) }),
    ...(coupon ? { coupon } : {}),
    payment_method: payment,
    use_wallet: walletUsed,
  }));
  // A "choose an address / a payment" message goes once the shopper has chosen (issue 20); the server's stay.
  const local = placeError === text.errors.selectAddress || placeError === text.errors.selectPayment;
  const error = local && missing() !== placeError ? null : placeError;
  // Back from a payment page the shopper left (spec route /api/opay/cancel): the cart is intact, say so.
  const cancelled = new URLSearchParams(window.location.search).get('payment') === 'cancelled';
  const ready = data.status === 'ok' && products.length > 0;
  useEffect(() => {
    if (ready)
      track(
        'begin_checkout',
        cart.cartsProducts.map((l) => toItem(l.product.id, l.product.name, l.product.price, l.quantity)),
      );
    // Once per visit of the payment step, not on every cart change.
  }, [ready]);

  if (products.length === 0)
    return (
      <p className="mt-6" data-checkout-empty>
        {text.checkout.emptyCart}{' '}
        <a className="underline" href={localePath(locale, '/checkout/cart')}>
          {text.checkout.backToCart}
        </a>
      </p>
    );
  if (data.status === 'failed')
    return (
      <p role="alert" className="mt-6 text-red-700">
        {text.checkout.loadFailed}
      </p>
    );
  if (data.status === 'loading')
    return (
      <p className="mt-6 min-h-96 text-roast-700" role="status">
        {loadingText}
      </p>
    );

  return (
    <form action={() => place(method)} className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]" data-checkout noValidate>
      <div className="space-y-6">
        {cancelled && (
          <p role="status" className="rounded-xl bg-roast-100 p-4 text-roast-900" data-payment-cancelled>
            {payText.cancelled}
          </p>
        )}
        <AddressStep
          locale={locale}
          text={text.checkout}
          addresses={data.addresses}
          governorates={data.terms?.governorates ?? []}
          selected={addressId}
          adding={adding}
          draft={draft}
          onSelect={(id) => {
            setPicked(id);
            setAdding(false);
          }}
          onAdd={() => setAdding(true)}
          onDraft={setDraft}
        />
        <CouponStep locale={locale} text={text} products={products} applied={coupon} onApplied={setCoupon} />
        <PaymentStep
          locale={locale}
          text={text.checkout}
          payText={payText}
          methods={data.methods}
          payment={payment}
          onPick={setPayment}
          total={summary ? summary.DiscountedTotal + summary.walletAmount : null}
          walletBalance={summary?.walletBalance ?? 0}
          useWallet={useWallet}
          onWallet={setUseWallet}
          codBlocked={data.codBlocked}
        />
      </div>
      <div className="space-y-4">
        <SummaryBox locale={locale} text={text.checkout} summary={summary} />
        {error && (
          <p role="alert" className="text-sm text-red-700" data-checkout-error>
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded-full bg-roast-700 px-4 py-3 font-semibold text-white hover:bg-roast-900 disabled:opacity-60"
        >
          {pending ? (method?.gateway ? payText.redirecting : text.checkout.placing) : text.checkout.placeOrder}
        </button>
      </div>
    </form>
  );
}
