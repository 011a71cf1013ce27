import type { CourierStep } from '../couriers/courier-steps.ts';
import { intlTag, type Locale } from '#i18n/locales.ts';
import { SHOP_TIME_ZONE } from '#i18n/time-zone.ts';
import type { CartLine } from '../cart-math.ts';
import type { OrderTotals } from './order-math.ts';
import type { OrderStatus } from './order-status.ts';

/**
 * What the checkout and order islands read from the API (docs/api.md); shapes only, no server code. The server's
 * views are typed with these (read-orders.ts), so a change on either side fails the type check on the other.
 */
/** The spec's totals (section 3), as the order money rules compute them (order-math.ts). */
export type SummaryTotals = OrderTotals;

export interface SummaryItem {
  product_id: number;
  name: string;
  image: string | null;
  price: number;
  beforeDiscount: number | null;
  quantity: number;
  total: number;
}

export interface OrderSummaryView extends SummaryTotals {
  items: (SummaryItem & { stock: number })[];
  out_of_stock_ids: number[];
  /** Products in the request that no longer exist. */
  unknown_ids: number[];
  /** The coupon code applied, when one is. */
  coupon: string | null;
  walletBalance: number;
  delivery: { governorate_id: number; governorate: string; delivery_fee: number; delivery_days: number } | null;
  free_delivery_threshold: number | null;
}

export interface SavedAddress {
  id: number;
  title: string;
  governorate_id: number;
  city: string;
  area: string;
  street: string;
  details: string;
  governorate: string;
  delivery_fee: number;
  delivery_days: number;
}

/** An address of the address book (GET /addresses, and every change's answer): the saved address and its flags. */
export interface AddressView extends SavedAddress {
  governorate_id: number;
  country: string;
  is_primary: boolean;
}

export interface GovernorateTerms {
  id: number;
  name: string;
  delivery_fee: number;
  delivery_days: number;
}

export interface DeliveryTermsView {
  free_delivery_threshold: number | null;
  governorates: GovernorateTerms[];
}

/** The payment method paid from a mobile wallet (Paymob): the checkout asks for the wallet's number. */
export const MOBILE_WALLET_METHOD = 'mobile_wallet';

export interface PaymentMethodView {
  code: string;
  name: string;
  /** offline | wallet | online | instalment */
  kind: string;
  /** paytabs | opay: where the shopper is sent to pay. */
  gateway: string | null;
  /** Offered from / up to this total (piastres), when set. */
  min_total: number | null;
  max_total: number | null;
}

export interface OrderView extends SummaryTotals {
  id: number;
  status: OrderStatus;
  /** none | awaiting | paid | failed | cancelled | refund_due | refunded */
  payment_status: string;
  /**
   * Money going back to the shopper (docs/orders.md): owed to the card (paying while finance pays it), or paid to
   * the card or the wallet (docs/back-office-money.md).
   */
  refunds: { amount: number; destination: 'card' | 'wallet'; status: 'owed' | 'paying' | 'paid' }[];
  /** A kiosk payment waiting for cash: the code the shopper pays at Fawry, Aman or Masary, and until when. */
  payment_code?: { code: string; expires_at: string } | undefined;
  payment_method: string;
  cancellable: boolean;
  created_at: string;
  coupon_code: string | null;
  delivery_days: number;
  /** The copy taken when the order was placed (the address book may have changed since). */
  address: {
    id: number | null;
    title: string;
    country: string;
    governorate_id: number;
    governorate: string;
    city: string;
    area: string;
    street: string;
    details: string;
  };
  items: SummaryItem[];
  /** The courier company's delivery (issue 38): its name, tracking number and link, and where the parcel is. */
  tracking: { company: string; number: string; link: string; step: CourierStep } | null;
}

/** A movement of the shopper's wallet ledger (GET /wallet); a staff adjustment is a 'credit' (negative when taken out). */
export interface WalletEntry {
  id: number;
  amount: number;
  reason: 'order_payment' | 'order_refund' | 'credit';
  order_id: number | null;
  /** Why staff credited or debited it (shown to the shopper). */
  note: string | null;
  created_at: string;
}

/** GET /wallet: the balance (the sum of the ledger) and the latest movements, newest first. */
export interface WalletView {
  balance: number;
  entries: WalletEntry[];
}

/** What changed since an order when it is ordered again (POST /reorder/{id}). */
export type ReorderChange =
  | { product_id: number; name: string; kind: 'price_changed'; from: number; to: number }
  | { product_id: number; name: string; kind: 'quantity_lowered'; from: number; to: number }
  | { product_id: number; name: string; kind: 'out_of_stock' }
  | { product_id: number; name: string; kind: 'unavailable' };

/** POST /reorder/{id}: the order's lines as cart lines at today's price and stock, and what changed since. */
export interface ReorderView {
  items: CartLine[];
  changes: ReorderChange[];
}

/**
 * The subtotal a shopper can check (issue 20): lines are shown at the price paid, so the subtotal is their sum, i.e.
 * the list-price SubTotal less the sale; the sale shows on each line (its list price struck through) and the discount
 * row holds the coupon alone. Subtotal + delivery − discount − wallet = DiscountedTotal, as on screen.
 */
export const paidSubtotal = (t: SummaryTotals) => t.SubTotal - t.saleDiscountAmount;

/**
 * An order or ledger date, the day it was in Cairo (SHOP_TIME_ZONE), whatever the browser's zone. Same digits rule as
 * src/i18n/format.ts (`intlTag`, decision 003: Latin digits in both languages); kept here so format.ts's date code
 * stays out of the chunk every page shares (content-page JS budget).
 */
export const orderDate = (iso: string, locale: Locale) =>
  new Date(iso).toLocaleDateString(intlTag(locale), { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
