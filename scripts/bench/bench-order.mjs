/**
 * The order row the benchmarks seed (backup.mjs, seller-dashboard.mjs): one line's worth of a Cairo delivery with no
 * coupon, as `openOrder` takes it. What a benchmark varies (status, payment, amounts) is passed in.
 */
export function benchOrder({ userId, governorate, subtotal, now, status = 'PLACED', card = false, wallet = 0 }) {
  return {
    user_id: userId,
    status,
    payment_method: card ? 'card' : 'cash_on_delivery',
    locale: 'en',
    subtotal,
    sale_discount: 0,
    coupon_discount: 0,
    coupon_id: null,
    coupon_code: null,
    shipping_fee: governorate.delivery_fee,
    wallet_amount: wallet,
    total: subtotal + governorate.delivery_fee - wallet,
    address_id: null,
    address_title: 'Home',
    address_country: 'EG',
    governorate_id: governorate.id,
    governorate_en: governorate.name_en,
    governorate_ar: governorate.name_ar,
    address_city: 'Cairo',
    address_area: 'Zamalek',
    address_street: '26 July St',
    address_details: '',
    delivery_days: 1,
    created_at: now,
    updated_at: now,
  };
}
