/** What the desk's coupon pages read (issue 23): the service returns these, the islands are typed with them. */
export interface CouponView {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  /** percent: 1..100; fixed: piastres. */
  value: number;
  max_discount: number | null;
  min_subtotal: number;
  /** The shop's calendar days (Cairo), the last one inclusive; null: no bound. */
  starts_on: string | null;
  ends_on: string | null;
  usage_limit: number | null;
  per_user_limit: number | null;
  used_count: number;
  active: boolean;
}

export interface CouponRedemptionView {
  order_id: number;
  shopper: string;
  discount: number;
  at: string;
}

export interface CouponPage {
  rows: CouponView[];
  page: number;
  pages: number;
  total: number;
}

export interface DeliveryFeesView {
  governorates: { id: number; name_en: string; name_ar: string; delivery_fee: number; delivery_days: number }[];
  free_delivery_threshold: number | null;
}
