import type { Generated, Insertable, Selectable } from 'kysely';
import type { BackOfficeTables } from './schema-back-office.ts';
import type { SellerLedgerTables } from './schema-seller-ledger.ts';
import type { ReportTables } from './schema-reports.ts';

/** Row types of every table; services map them to domain types before they leave src/server. */
export interface Database extends BackOfficeTables, SellerLedgerTables, ReportTables {
  categories: CategoryTable;
  sub_categories: SubCategoryTable;
  sellers: SellerTable;
  products: ProductTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  contact_messages: ContactMessageTable;
  partner_applications: PartnerApplicationTable;
  partner_application_files: PartnerApplicationFileTable;
  stock_movements: StockMovementTable;
  users: UserTable;
  governorates: GovernorateTable;
  addresses: AddressTable;
  cart_items: CartItemTable;
  wishlist_items: WishlistItemTable;
  shop_settings: ShopSettingTable;
  payment_methods: PaymentMethodTable;
  coupons: CouponTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_parts: OrderPartTable;
  order_events: OrderEventTable;
  coupon_redemptions: CouponRedemptionTable;
  wallet_ledger: WalletLedgerTable;
  idempotency_keys: IdempotencyKeyTable;
  payments: PaymentTable;
  payment_callbacks: PaymentCallbackTable;
  otp_codes: OtpCodeTable;
  sms_messages: SmsMessageTable;
  refresh_tokens: RefreshTokenTable;
  rate_limits: RateLimitTable;
  refunds: RefundTable;
  message_consents: MessageConsentTable;
  order_messages: OrderMessageTable;
  message_inbox: MessageInboxTable;
  webhook_events: WebhookEventTable;
  push_subscriptions: PushSubscriptionTable;
  reviews: ReviewTable;
  rating_requests: RatingRequestTable;
  review_votes: ReviewVoteTable;
  review_reports: ReviewReportTable;
  review_words: ReviewWordTable;
}

export interface CategoryTable {
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_ar: string;
  /** The Arabic name with its article, for phrases such as "كل {name}" (migration 015); null: the plain name. */
  name_ar_definite: string | null;
  position: number;
}

export interface SubCategoryTable {
  id: Generated<number>;
  category_id: number;
  slug: string;
  name_en: string;
  name_ar: string;
  position: number;
}

export interface SellerTable {
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  city_en: string;
  city_ar: string;
  rating: number;
  logo: string;
  /** active | suspended (migration 021): a suspended seller and its products are out of the shop. */
  status: Generated<string>;
  /** 1: staff trust this seller, whose catalog changes skip moderation (migration 035). */
  trusted: Generated<number>;
}

export interface ProductTable {
  id: Generated<number>;
  slug: string;
  sku: string;
  category_id: number;
  sub_category_id: number;
  seller_id: number;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  /** Integer piastres (1 EGP = 100 piastres). */
  price: number;
  /** Integer piastres; shown struck through only when greater than price. */
  before_discount: number | null;
  stock: number;
  weight_grams: number | null;
  /** 0..5 with one decimal. */
  rating: number;
  ratings_count: number;
  /** The sum of the approved ratings (migration 043): a seller's average is its products' totals over their counts. */
  ratings_total: Generated<number>;
  badge_en: string | null;
  badge_ar: string | null;
  /** JSON array of image URLs. */
  images: string;
  /** JSON array of `{ en, ar }` alt texts, one per image (migration 020); null: the name describes them. */
  image_alts: string | null;
  /** 1: hidden in the desk, out of the shop (migration 022). */
  hidden: Generated<number>;
  /** Products sharing a group are variants of one another (e.g. the same coffee in 250 g and 1 kg). */
  variant_group: string | null;
  variant_label_en: string | null;
  variant_label_ar: string | null;
  created_at: string;
}

export interface NewsletterSubscriberTable {
  id: Generated<number>;
  email: string;
  locale: string;
  created_at: string;
}

export interface ContactMessageTable {
  id: Generated<number>;
  full_name: string;
  email: string;
  subject: string;
  notes: string;
  locale: string;
  created_at: string;
}

export interface PartnerApplicationTable {
  id: Generated<number>;
  brand_name: string;
  company_description: string;
  email: string;
  mobile: string;
  locale: string;
  /** received | approved | rejected */
  status: Generated<string>;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
  /** Why it was rejected (sent to the applicant). */
  decision_reason: string | null;
  /** The seller an approval created. */
  seller_id: number | null;
}

/** One change of a product's stock (migration 019). */
export interface StockMovementTable {
  id: Generated<number>;
  product_id: number;
  /** Units in (positive) or out (negative). */
  delta: number;
  stock_after: number;
  /** order | cancel | return | manual | import */
  reason: string;
  order_id: number | null;
  /** As order events name it: shopper, staff:<id>, payment, system. */
  actor: string;
  note: string | null;
  created_at: string;
}

export interface PartnerApplicationFileTable {
  id: Generated<number>;
  application_id: number;
  /** contract | tax_card | company_document */
  kind: string;
  original_name: string;
  /** Random name under UPLOADS_DIR; never the shopper's file name. */
  stored_name: string;
  mime: string;
  size: number;
  created_at: string;
}

export interface UserTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  /** Lowercased. */
  email: string;
  /** E.164, e.g. +201001234567. */
  phone: string;
  password_hash: string;
  avatar: string | null;
  phone_verified_at: string | null;
  /** Set when staff flag the shopper for cash on delivery: checkout offers prepaid methods only. */
  cod_blocked_at: Generated<string | null>;
  cod_blocked_reason: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface GovernorateTable {
  id: Generated<number>;
  code: string;
  name_en: string;
  name_ar: string;
  /** Integer piastres. */
  delivery_fee: number;
  /** 1..3 */
  delivery_days: number;
  position: number;
}

export interface AddressTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  country: Generated<string>;
  governorate_id: number;
  city: string;
  area: string;
  street: string;
  details: Generated<string>;
  /** 0 | 1; exactly one primary per shopper who has addresses. */
  is_primary: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One line of a logged-in shopper's cart; the price always comes from products. */
export interface CartItemTable {
  user_id: number;
  product_id: number;
  quantity: number;
  position: number;
  updated_at: string;
}

export interface WishlistItemTable {
  user_id: number;
  product_id: number;
  created_at: string;
}

export type UserRow = Selectable<UserTable>;
export type AddressRow = Selectable<AddressTable>;
export type GovernorateRow = Selectable<GovernorateTable>;
export type ProductRow = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type CategoryRow = Selectable<CategoryTable>;
export type SubCategoryRow = Selectable<SubCategoryTable>;
export type SellerRow = Selectable<SellerTable>;

export interface ShopSettingTable {
  key: string;
  value: string;
}

export interface PaymentMethodTable {
  code: string;
  name_en: string;
  name_ar: string;
  /** offline | wallet | online | instalment */
  kind: string;
  enabled: Generated<number>;
  position: Generated<number>;
  /** paytabs | opay for online and instalment methods. */
  gateway: string | null;
  /** The provider's own method codes, comma separated. */
  gateway_code: string | null;
  /** Offered from / up to this order total (piastres), when set. */
  min_total: number | null;
  max_total: number | null;
}

export interface CouponTable {
  id: Generated<number>;
  /** Uppercased. */
  code: string;
  kind: 'percent' | 'fixed';
  /** percent: 1..100; fixed: piastres. */
  value: number;
  max_discount: number | null;
  min_subtotal: Generated<number>;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_user_limit: number | null;
  used_count: Generated<number>;
  active: Generated<number>;
  created_at: string;
}

export interface OrderTable {
  id: Generated<number>;
  user_id: number;
  status: string;
  payment_method: string;
  locale: string;
  subtotal: number;
  sale_discount: number;
  coupon_discount: number;
  coupon_id: number | null;
  coupon_code: string | null;
  shipping_fee: number;
  wallet_amount: number;
  total: number;
  address_id: number | null;
  address_title: string;
  address_country: string;
  governorate_id: number;
  governorate_en: string;
  governorate_ar: string;
  address_city: string;
  address_area: string;
  address_street: string;
  address_details: string;
  delivery_days: number;
  /** none | awaiting | paid | failed | refund_due | refunded (online payments, docs/payments.md). */
  payment_status: Generated<string>;
  courier_id: Generated<number | null>;
  tracking_number: Generated<string | null>;
  /** Piastres the courier collects at the door; set when the order is handed over. */
  cash_to_collect: Generated<number>;
  delivered_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  name_en: string;
  name_ar: string;
  image: string | null;
  unit_price: number;
  before_discount: number | null;
  quantity: number;
  line_total: number;
  /** When its seller could not supply it (out of stock): its units and money went back (migration 036). */
  cancelled_at: Generated<string | null>;
}

/** A seller's part of an order (migration 036): the lines of its products, prepared by the seller. */
export interface OrderPartTable {
  id: Generated<number>;
  order_id: number;
  seller_id: number;
  /** new | accepted | ready | cancelled */
  status: string;
  created_at: string;
  updated_at: string;
}

export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  /** shopper | payment | system | cli | staff:<id> */
  actor: string;
  /** Why it moved: a cancel reason, a failed delivery's reason, the tracking number at hand-over. */
  note: Generated<string | null>;
  created_at: string;
}

export interface CouponRedemptionTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  order_id: number;
  created_at: string;
}

export interface WalletLedgerTable {
  id: Generated<number>;
  user_id: number;
  /** Signed piastres. */
  amount: number;
  reason: string;
  order_id: number | null;
  note: string | null;
  created_at: string;
}

export interface IdempotencyKeyTable {
  user_id: number;
  key: string;
  fingerprint: string;
  order_id: number | null;
  created_at: string;
}

export type OrderRow = Selectable<OrderTable>;
export type OrderLineRow = Selectable<OrderLineTable>;
export type RefundRow = Selectable<RefundTable>;
export type CouponRow = Selectable<CouponTable>;
/** Migration 004: one-time codes sent by SMS (hash only). */
export interface OtpCodeTable {
  id: Generated<number>;
  purpose: 'signup' | 'reset' | 'phone_change';
  /** E.164: where the code went (for phone_change, the new number). */
  phone: string;
  user_id: number;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  sent_at: string;
  delivered: Generated<number>;
}

/** Every SMS we tried to send; the development outbox keeps the text. */
export interface SmsMessageTable {
  id: Generated<number>;
  phone: string;
  body: string;
  provider: string;
  status: 'sent' | 'failed';
  provider_ref: string | null;
  created_at: string;
}

/** Refresh tokens (hash only), grouped in one family per login. */
export interface RefreshTokenTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  replaced_by: number | null;
  revoked_at: string | null;
  created_at: string;
}

/** One rate-limit counter per bucket and subject (migration 012, src/server/auth/rate-limit.ts). */
export interface RateLimitTable {
  bucket: string;
  subject: string;
  window_start: string;
  hits: number;
}

/** Money owed back to a shopper (migration 012, docs/orders.md). */
export interface RefundTable {
  id: Generated<number>;
  order_id: number;
  payment_id: number | null;
  amount: number;
  destination: 'card' | 'wallet';
  /** owed → paying (claimed by finance while the provider is asked) → paid; back to owed if the provider refuses. */
  status: 'owed' | 'paying' | 'paid';
  reason: 'cancelled' | 'late_payment' | 'extra_payment' | 'returned' | 'line_cancelled';
  created_at: string;
  paid_at: string | null;
  /** The finance staff member who paid it back. */
  staff_id: Generated<number | null>;
  /** The provider's reference of a card refund. */
  provider_ref: Generated<string | null>;
  /** A part paid on its own (migration 016): the owed row it was split from, which keeps the payment. */
  split_from: Generated<number | null>;
  /** When finance claimed it to pay it (status paying). */
  claimed_at: Generated<string | null>;
}

export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  tran_ref: string;
  reference: string;
  amount: number;
  currency: string;
  /** pending | paid | declined | cancelled | expired | refund_due | refunded */
  status: string;
  created_at: string;
  updated_at: string;
  /** The provider's transaction id its refund API takes (Paymob obj.id), once a notification named it (028). */
  provider_txn: Generated<string | null>;
  /** A kiosk payment's code, paid in cash at Fawry, Aman or Masary, and until when it holds the order's stock. */
  bill_reference: Generated<string | null>;
  expires_at: Generated<string | null>;
  /** The last verified notification as it arrived. */
  provider_payload: Generated<string | null>;
  /** When reconciliation last asked the provider about this payment while it was pending. */
  checked_at: Generated<string | null>;
  /** When the unpaid reference of a cancelled order was cancelled at its provider (Fawry), so it cannot be paid. */
  cancelled_at: Generated<string | null>;
}

export interface PaymentCallbackTable {
  id: Generated<number>;
  provider: string;
  tran_ref: string | null;
  /** applied | duplicate | refused | flagged | ignored */
  outcome: string;
  reason: string;
  body: string;
  received_at: string;
}

/** A phone's opt-in to order messages by WhatsApp/SMS (migration 026, issue 37); revoked by a STOP reply. */
export interface MessageConsentTable {
  id: Generated<number>;
  /** E.164, as users.phone. */
  phone: string;
  user_id: number;
  /** The version of the checkbox's wording the shopper agreed to (src/lib/messaging/consent-wording.ts). */
  wording_version: string;
  granted_at: string;
  revoked_at: string | null;
}

/** The durable outbox of order messages (migration 026): one row per (order, kind, channel). */
export interface OrderMessageTable {
  id: Generated<number>;
  order_id: number;
  /** confirm | with_courier | delivered | failed_attempt | payment_code | moved_on | change_address (src/lib/messaging/replies.ts). */
  kind: string;
  /** whatsapp | sms */
  channel: string;
  phone: string;
  /** The language the order was placed in: the message is written in it. */
  locale: string;
  /** The text as the shopper reads it (the template filled in), for SMS, the simulator and the desk. */
  body: string;
  /** The WhatsApp template's name; null for a free-form text. */
  template: string | null;
  /** JSON: the template's body parameters and its quick replies ({ body: string[], replies: {payload,title}[] }). */
  params: string;
  /** queued | sent | delivered | read | failed | skipped */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A sender owns the row until then (several instances, a crash mid-send). */
  claimed_until: string | null;
  /** Which provider took it (cloud, demo, twilio, outbox). */
  provider: string | null;
  provider_message_id: string | null;
  error: string | null;
  /** confirm | change_address | cancel: the shopper's quick reply. */
  reply: string | null;
  /** What the shopper wrote (after "change address"). */
  reply_text: string | null;
  replied_at: string | null;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
}

/** Webhook events taken in (migration 026), unique by the provider's event id. */
export interface MessageInboxTable {
  id: Generated<number>;
  event_id: string;
  /** reply | text | status */
  kind: string;
  phone: string | null;
  order_id: number | null;
  /** What it did: confirmed, cancelled, change_address, moved_on, opted_out, unknown, status, ignored. */
  outcome: string;
  created_at: string;
}

/** A verified WhatsApp webhook event waiting to be (or already) taken by the job (migration 033). */
export interface WebhookEventTable {
  id: Generated<number>;
  event_id: string;
  /** message | status */
  kind: string;
  /** The shopper's number (+20…) for a message; null for a status. */
  phone: string | null;
  /** The event's JSON as Meta sent it (one entry of `messages[]` or `statuses[]`). */
  payload: string;
  received_at: string;
  claimed_until: string | null;
  attempts: Generated<number>;
  processed_at: string | null;
  error: string | null;
}

/** A browser a shopper turned order notifications on in (migration 029, decision 029). */
export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  /** The push service's address for this browser: unique, the device's identity. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which each message is encrypted to (RFC 8291). */
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A verified buyer's rating and review of a product (migration 037, issue 52): one per shopper and product. */
export interface ReviewTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  /** The delivered, not returned order line that let the shopper rate. */
  order_line_id: number;
  /** 1..5 */
  rating: number;
  title: string | null;
  body: string | null;
  locale: string;
  /** pending | approved | rejected: only approved rows count in products.rating / ratings_count. */
  status: string;
  /** Why the desk rejected it (shown to the author). */
  reason: string | null;
  flagged_word: string | null;
  reports: Generated<number>;
  helpful: Generated<number>;
  decided_by: number | null;
  decided_at: string | null;
  reply_body: string | null;
  /** null (no reply) | pending | approved | rejected */
  reply_status: string | null;
  reply_reason: string | null;
  /** The seller member who wrote the reply. */
  reply_by: number | null;
  reply_at: string | null;
  /** Up to three photos, JSON `[{ url, width, height }]` (migration 039); null: none. Moderated with the text. */
  photos: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** An order whose shopper was asked to rate its products, or found with nothing to rate (migration 039): the claim. */
export interface RatingRequestTable {
  order_id: number;
  /** claimed | asked | nothing_to_rate */
  outcome: string;
  decided_at: string;
}

export interface ReviewVoteTable {
  review_id: number;
  user_id: number;
  created_at: string;
}

export interface ReviewReportTable {
  review_id: number;
  user_id: number;
  reason: string;
  created_at: string;
}

export interface ReviewWordTable {
  id: Generated<number>;
  word: string;
  folded: string;
  created_by: number | null;
  created_at: string;
}
