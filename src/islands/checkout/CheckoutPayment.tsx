import { useStore } from '@nanostores/react';
import { useActionState, useRef, useState } from 'react';
import { formatMoney } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localePath } from '../../i18n/routes.ts';
import { firstMessage } from '../../lib/api-client.ts';
import { $cart, resetCart } from '../../stores/cart.ts';
import { Filled } from '../shared/Filled.tsx';
import { shopperFetch } from '../../stores/shopper-call.ts';
import AddressStep from './AddressStep.tsx';
import { draftComplete, draftPayload, emptyDraft, type InlineDraft, type OrdersText } from './checkout-text.ts';
import CouponStep from './CouponStep.tsx';
import SummaryBox from './SummaryBox.tsx';
import { sendToLogin, useCheckoutData, useSummary } from './use-checkout-data.ts';

/** /checkout/checkout-payment: address, coupon, payment method and the server's summary, then one order. */
export default function CheckoutPayment({ locale, text }: { locale: Locale; text: OrdersText }) {
  const cart = useStore($cart);
  const products = cart.cartsProducts.map((l) => ({ product_id: l.product.id, quantity: l.quantity }));
  const data = useCheckoutData(locale);
  const [picked, setPicked] = useState<number | null>(null);
  const [addingChoice, setAdding] = useState<boolean | null>(null);
  const [draft, setDraft] = useState<InlineDraft>(emptyDraft);
  const [coupon, setCoupon] = useState<string | null>(null);
  const [payment, setPayment] = useState<string | null>(null);
  const [useWallet, setUseWallet] = useState(false);
  // One key per attempt: a double click or a retry after a lost answer places one order.
  const attemptKey = useRef(crypto.randomUUID());

  const adding = addingChoice ?? data.addresses.length === 0;
  const addressId = adding ? null : (picked ?? data.addresses[0]?.id ?? null);
  const summary = useSummary(
    locale,
    { products, addressId, governorateId: adding ? draft.governorate_id : '', coupon, payment, useWallet },
    data.status === 'ok',
  );

  const [error, place, pending] = useActionState(async (): Promise<string | null> => {
    if (addressId === null && !draftComplete(draft)) return text.errors.selectAddress;
    if (!payment) return text.errors.selectPayment;
    const body = {
      products,
      ...(addressId !== null ? { address_id: addressId } : { address: draftPayload(draft) }),
      ...(coupon ? { coupon } : {}),
      payment_method: payment,
      use_wallet: useWallet,
    };
    const res = await shopperFetch<{ data: { id: number } }>('/orders', {
      locale,
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': attemptKey.current },
    });
    if (!res) {
      sendToLogin(locale);
      return null;
    }
    attemptKey.current = crypto.randomUUID();
    if (!res.ok) return firstMessage(res.body, text.history.failed);
    resetCart();
    window.location.assign(`${localePath(locale, '/checkout/success')}?order=${res.body.data.id}`);
    return null;
  }, null);

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
  if (data.status === 'loading') return <p className="mt-6 min-h-96 text-roast-700">…</p>;

  return (
    <form action={place} className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]" data-checkout noValidate>
      <div className="space-y-6">
        <AddressStep
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
        <fieldset className="rounded-xl border border-roast-100 bg-white p-4" data-step="payment">
          <legend className="px-1 text-lg font-bold">{text.checkout.paymentStep}</legend>
          {data.methods.map((m) => (
            <label key={m.code} className="flex items-center gap-2 py-1">
              <input
                type="radio"
                name="payment"
                value={m.code}
                checked={payment === m.code}
                onChange={() => setPayment(m.code)}
              />
              {m.name}
            </label>
          ))}
          {payment === 'cash_on_delivery' && (summary?.walletBalance ?? 0) > 0 && (
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input type="checkbox" checked={useWallet} onChange={(e) => setUseWallet(e.target.checked)} />
              <Filled template={text.checkout.useWallet} values={{ amount: formatMoney(summary?.walletBalance ?? 0, locale) }} />
            </label>
          )}
        </fieldset>
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
          {pending ? text.checkout.placing : text.checkout.placeOrder}
        </button>
      </div>
    </form>
  );
}
