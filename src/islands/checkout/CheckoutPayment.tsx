import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import AddressStep from './AddressStep.tsx';
import { type OrdersText } from './checkout-text.ts';
import CouponStep from './CouponStep.tsx';
import PaymentStep from './PaymentStep.tsx';
import SummaryBox from './SummaryBox.tsx';
import { useCheckoutPayment } from './use-checkout-payment.ts';

/** /checkout/checkout-payment: address, coupon, payment method and the server's summary, then one order. */
export default function CheckoutPayment({
  locale,
  text,
  payText,
  consentText,
  loadingText,
}: {
  locale: Locale;
  text: OrdersText;
  payText: Dictionary['payments'];
  /** The opt-in to order messages (its wording's version is stored with the yes). */
  consentText: string;
  loadingText: string;
}) {
  const checkout = useCheckoutPayment(locale, text);
  const { products, data, adding, addressId, draft, setDraft, pickAddress, addAddress, coupon, setCoupon } = checkout;
  const { payment, setPayment, useWallet, setUseWallet, summary, method, place, pending, error } = checkout;
  const { messageConsent, setMessageConsent, walletPhone, setWalletPhone, walletPhoneError } = checkout;
  // Back from a payment page the shopper left (spec route /api/opay/cancel): the cart is intact, say so.
  const cancelled = new URLSearchParams(window.location.search).get('payment') === 'cancelled';

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
          onSelect={pickAddress}
          onAdd={addAddress}
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
          walletPhone={walletPhone}
          onWalletPhone={setWalletPhone}
          walletPhoneError={walletPhoneError}
        />
        <label className="flex items-start gap-2 rounded-xl border border-roast-100 bg-white p-4 text-sm" data-message-consent>
          <input
            type="checkbox"
            className="mt-1"
            checked={messageConsent}
            onChange={(e) => setMessageConsent(e.target.checked)}
          />
          <span>{consentText}</span>
        </label>
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
