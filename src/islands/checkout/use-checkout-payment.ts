import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { toItem, track } from '#lib/analytics.ts';
import { nationalMobile } from '#lib/phone-national.ts';
import { MOBILE_WALLET_METHOD } from '#lib/orders/views.ts';
import { $cart } from '#stores/cart.ts';
import { $session } from '#stores/session.ts';
import { draftComplete, draftPayload, emptyDraft, type InlineDraft, type OrdersText } from './checkout-text.ts';
import { useCheckoutData, useSummary } from './use-checkout-data.ts';
import { usePlaceOrder } from './use-place-order.ts';

/**
 * The payment step's choices (address or a new one, coupon, payment method, wallet), the server's summary for them,
 * and the order they place; reports begin_checkout once the step is ready.
 */
export function useCheckoutPayment(locale: Locale, text: OrdersText) {
  const cart = useStore($cart);
  const products = cart.cartsProducts.map((l) => ({ product_id: l.product.id, quantity: l.quantity }));
  const data = useCheckoutData(locale);
  const [picked, setPicked] = useState<number | null>(null);
  const [addingChoice, setAdding] = useState<boolean | null>(null);
  const [draft, setDraft] = useState<InlineDraft>(emptyDraft);
  const [coupon, setCoupon] = useState<string | null>(null);
  const [payment, setPayment] = useState<string | null>(null);
  const [useWallet, setUseWallet] = useState(false);
  // Order messages by WhatsApp/SMS only with the shopper's yes (issue 37): unticked until they tick it.
  const [messageConsent, setMessageConsent] = useState(false);
  // The wallet's number: the account's until the shopper types another (their wallet may be on another line).
  const account = useStore($session).user?.phone;
  const [typedWalletPhone, setWalletPhone] = useState<string | null>(null);
  const walletPhone = typedWalletPhone ?? (account ? nationalMobile(account) : '');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

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
  const [placeError, place, pending] = usePlaceOrder(
    locale,
    text,
    missing,
    () => ({
      products,
      ...(addressId !== null ? { address_id: addressId } : { address: draftPayload(draft) }),
      ...(coupon ? { coupon } : {}),
      payment_method: payment,
      use_wallet: walletUsed,
      message_consent: messageConsent,
    }),
    {
      extra: () => (payment === MOBILE_WALLET_METHOD ? { wallet_phone: walletPhone } : {}),
      onFieldErrors: setFieldErrors,
    },
  );
  // A "choose an address / a payment" message goes once the shopper has chosen (issue 20); the server's stay.
  const local = placeError === text.errors.selectAddress || placeError === text.errors.selectPayment;
  const error = local && missing() !== placeError ? null : placeError;
  const ready = data.status === 'ok' && products.length > 0;
  useEffect(() => {
    if (ready)
      track(
        'begin_checkout',
        cart.cartsProducts.map((l) => toItem(l.product.id, l.product.name, l.product.price, l.quantity)),
      );
    // Once per visit of the payment step, not on every cart change.
  }, [ready]);

  const pickAddress = (id: number) => {
    setPicked(id);
    setAdding(false);
  };
  const addAddress = () => setAdding(true);
  return {
    products,
    data,
    adding,
    addressId,
    draft,
    setDraft,
    pickAddress,
    addAddress,
    coupon,
    setCoupon,
    payment,
    setPayment,
    useWallet,
    setUseWallet,
    messageConsent,
    setMessageConsent,
    walletPhone,
    setWalletPhone,
    walletPhoneError: fieldErrors['wallet_phone']?.[0] ?? null,
    summary,
    method,
    place,
    pending,
    error,
  };
}
