/**
 * Pure order money rules (docs/orders.md): integer piastres in, integer piastres out. Shared by the server's summary
 * and order placement; the client only shows what the server computed.
 */

import { percentOf } from '../money.ts';

export interface PricedLine {
  /** Today's price per unit (piastres, > 0). */
  unitPrice: number;
  /** The struck-through price; counts as a sale discount only when greater than unitPrice. */
  beforeDiscount: number | null;
  quantity: number;
}

export interface CouponTerms {
  kind: 'percent' | 'fixed';
  /** percent: 1..100; fixed: piastres. */
  value: number;
  /** Optional cap in piastres on a percentage coupon's discount. */
  maxDiscount: number | null;
}

export interface TotalsInput {
  lines: PricedLine[];
  coupon: CouponTerms | null;
  /** The governorate's fee (piastres). */
  deliveryFee: number;
  /** Delivery is free when the discounted subtotal reaches this (piastres); null means never free. */
  freeDeliveryThreshold: number | null;
  /** What the wallet may pay (the balance, or 0 when the shopper does not use it). */
  walletAvailable: number;
}

/** The spec's order summary fields (section 3) plus the list-price subtotal they start from. */
export interface OrderTotals {
  /** Sum of list prices (beforeDiscount when higher, else price) × quantity: what the shopper sees as subtotal. */
  SubTotal: number;
  /** Sale discount: Σ (beforeDiscount − price) × quantity. */
  saleDiscountAmount: number;
  /** Coupon discount, never more than what the items cost after the sale discount. */
  DiscountAmount: number;
  /** What the items cost after every discount. */
  DiscountedSubtotal: number;
  Shipping_Fees: number;
  walletAmount: number;
  /** To pay on delivery (or online): DiscountedSubtotal + Shipping_Fees − walletAmount, never negative. */
  DiscountedTotal: number;
}

const nonNegativeInt = (n: number) => Math.max(0, Math.floor(n));

/** The coupon's discount on a subtotal: a percentage rounded down (capped), or a fixed amount, never above it. */
export function couponDiscount(subtotal: number, coupon: CouponTerms | null): number {
  if (!coupon || subtotal <= 0) return 0;
  let amount = coupon.kind === 'percent' ? percentOf(subtotal, coupon.value) : coupon.value;
  if (coupon.maxDiscount !== null && coupon.maxDiscount >= 0) amount = Math.min(amount, coupon.maxDiscount);
  return Math.min(nonNegativeInt(amount), subtotal);
}

/** Every total of an order, from lines priced on the server. */
export function orderTotals(input: TotalsInput): OrderTotals {
  let SubTotal = 0;
  let saleDiscountAmount = 0;
  let itemsTotal = 0;
  for (const line of input.lines) {
    const q = nonNegativeInt(line.quantity);
    const price = nonNegativeInt(line.unitPrice);
    const listPrice = line.beforeDiscount !== null && line.beforeDiscount > price ? line.beforeDiscount : price;
    SubTotal += listPrice * q;
    saleDiscountAmount += (listPrice - price) * q;
    itemsTotal += price * q;
  }
  const DiscountAmount = couponDiscount(itemsTotal, input.coupon);
  const DiscountedSubtotal = itemsTotal - DiscountAmount;
  const free = input.freeDeliveryThreshold !== null && DiscountedSubtotal >= input.freeDeliveryThreshold;
  const Shipping_Fees = free || input.lines.length === 0 ? 0 : nonNegativeInt(input.deliveryFee);
  const due = DiscountedSubtotal + Shipping_Fees;
  const walletAmount = Math.min(nonNegativeInt(input.walletAvailable), due);
  return {
    SubTotal,
    saleDiscountAmount,
    DiscountAmount,
    DiscountedSubtotal,
    Shipping_Fees,
    walletAmount,
    DiscountedTotal: due - walletAmount,
  };
}
