/**
 * What an order costs once one of its lines is cancelled (issue 40: a seller's line out of stock), pure. The list
 * price and the sale discount of the line leave the order; a coupon's discount shrinks in proportion to the goods left
 * (rounded to the piastre, never more than the goods); the delivery fee stays, the parcel still travels. What the
 * shopper no longer owes comes off the part not paid from the wallet first (the card's payment, or the cash the
 * courier collects), then off the wallet part.
 */
export interface OrderSums {
  subtotal: number;
  sale_discount: number;
  coupon_discount: number;
  shipping_fee: number;
  wallet_amount: number;
  total: number;
}

export interface CancelledLine {
  unit_price: number;
  before_discount: number | null;
  quantity: number;
  line_total: number;
}

export function withoutLine(order: OrderSums, line: CancelledLine) {
  const listPrice =
    line.before_discount !== null && line.before_discount > line.unit_price ? line.before_discount : line.unit_price;
  const subtotal = order.subtotal - listPrice * line.quantity;
  const sale_discount = order.sale_discount - (listPrice - line.unit_price) * line.quantity;
  const itemsBefore = order.subtotal - order.sale_discount;
  const items = itemsBefore - line.line_total;
  const coupon_discount = itemsBefore > 0 ? Math.min(items, Math.round((order.coupon_discount * items) / itemsBefore)) : 0;
  const due = items - coupon_discount + order.shipping_fee;
  const back = Math.max(0, order.total + order.wallet_amount - due);
  const offTotal = Math.min(back, order.total);
  const offWallet = back - offTotal;
  return {
    sums: {
      subtotal,
      sale_discount,
      coupon_discount,
      shipping_fee: order.shipping_fee,
      total: order.total - offTotal,
      wallet_amount: order.wallet_amount - offWallet,
    },
    back,
    offTotal,
    offWallet,
  };
}
