import * as z from 'zod/mini';
import { id, named, nullableText, piastres, text } from './answer-fields.ts';

/**
 * The shapes of the API's answers (`data`), for the OpenAPI document and the response validator. They name the fields
 * clients rely on and let others through (`looseObject`), so a new field is never an error but a renamed or retyped
 * one is. Money in integer piastres. Each is a component of the document (its `id`).
 */

export const ProductCard = named(
  'ProductCard',
  z.looseObject({
    id,
    slug: text,
    name: text,
    price: piastres,
    beforeDiscount: z.optional(z.nullable(piastres)),
    images: z.array(text),
    stock: z.number().check(z.int()),
  }),
);

export const PageMeta = named(
  'PageMeta',
  z.object({ page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() }),
);

export const Category = named(
  'Category',
  z.looseObject({
    id,
    slug: text,
    category: text,
    sub_categories: z.array(z.looseObject({ id, slug: text, sub_category: text })),
  }),
);

export const Seller = named(
  'Seller',
  z.looseObject({
    id,
    slug: text,
    name: text,
    // The average of the approved ratings of its products, count-weighted (issue 52); null while it has none.
    rating: z.nullable(z.number()),
    ratings_count: z.number().check(z.int(), z.minimum(0)),
  }),
);

export const Suggestion = named('Suggestion', z.looseObject({ id, name: text }));

const CartLine = z.looseObject({
  product: z.looseObject({ id, name: text, price: piastres, images: z.array(text), stock: z.number() }),
  quantity: z.number().check(z.int()),
});
export const Cart = named(
  'Cart',
  z.looseObject({ items: z.array(CartLine), sub_total: piastres, total: piastres, totalItems: z.number().check(z.int()) }),
);

export const User = named(
  'User',
  z.looseObject({ id, first_name: text, last_name: text, email: text, phone: text, avatar: nullableText }),
);

export const Tokens = named(
  'Tokens',
  z.looseObject({
    access_token: text,
    refresh_token: text,
    token_type: z.literal('Bearer'),
    expires_in: z.number(),
    refresh_expires_in: z.number(),
    user: z.nullable(User),
  }),
);

const addressFields = {
  id,
  title: text,
  governorate_id: id,
  city: text,
  area: text,
  street: text,
  governorate: text,
  delivery_fee: piastres,
};
/** An address as the checkout's address step reads it. */
export const SavedAddress = named('SavedAddress', z.looseObject(addressFields));
/** An address of the address book. */
export const Address = named('Address', z.looseObject({ ...addressFields, is_primary: z.boolean() }));

export const Governorate = named(
  'Governorate',
  z.looseObject({ id, name: text, delivery_fee: piastres, delivery_days: z.number() }),
);

export const Order = named(
  'Order',
  z.looseObject({
    id,
    status: text,
    payment_method: text,
    payment_status: text,
    DiscountedTotal: piastres,
    items: z.array(z.looseObject({ product_id: id, name: text, price: piastres, quantity: z.number() })),
  }),
);

export const OrderSummary = named(
  'OrderSummary',
  z.looseObject({
    items: z.array(z.looseObject({ product_id: id, quantity: z.number() })),
    SubTotal: piastres,
    DiscountedTotal: piastres,
  }),
);

export const PaymentMethod = named('PaymentMethod', z.looseObject({ code: text, name: text, kind: text }));

export const Wallet = named(
  'Wallet',
  z.looseObject({ balance: piastres, entries: z.array(z.looseObject({ id, amount: piastres })) }),
);

export const Phone = z.object({ phone: text });
