import type * as z from 'zod/mini';
import type { ServerCart } from '#lib/cart-math.ts';
import type { AddressView, OrderSummaryView, OrderView, PaymentMethodView, SavedAddress, WalletView } from '#lib/orders/views.ts';
import type { Address, Cart, Order, OrderSummary, PaymentMethod, SavedAddress as SavedAddressShape, Wallet } from './shapes.ts';

/** A documented shape without the "and any other field" of `looseObject`: the fields it names. */
type Named<T> = T extends readonly (infer I)[]
  ? Named<I>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Named<T[K]> }
    : T;

/** Compiles only when the view (what a service answers and the islands read) has every field the document promises. */
type Agrees<Documented extends z.core.$ZodType, View extends Named<z.output<Documented>>> = [Documented, View];

/**
 * The document and the types the shop's own client reads, held together by the type check (issue 42): a documented
 * field renamed or retyped without its view (src/lib/orders/views.ts, src/lib/cart-math.ts), or the other way round,
 * fails `npm run typecheck` instead of a shopper.
 */
export type DocumentAgreesWithViews = [
  Agrees<typeof Order, OrderView>,
  Agrees<typeof OrderSummary, OrderSummaryView>,
  Agrees<typeof Cart, ServerCart>,
  Agrees<typeof SavedAddressShape, SavedAddress>,
  Agrees<typeof Address, AddressView>,
  Agrees<typeof PaymentMethod, PaymentMethodView>,
  Agrees<typeof Wallet, WalletView>,
];
