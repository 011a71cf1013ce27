import * as z from 'zod/mini';

/**
 * The providers' callback bodies as their documents describe them, with each field's type (issue 49): a body is
 * checked against its shape before any code reads a field, so `null`, a list, or a signature sent as a number is a
 * refusal (401, like a bad signature: the provider never sends it), never a TypeError. Objects stay loose: providers
 * add fields, and a signature may cover fields the shop does not read. Fields stay optional where the reader already
 * names what is missing (its reason is what an operator reads in payment_callbacks).
 */
const id = z.union([z.string(), z.number()]);
const amount = z.union([z.string(), z.number()]);
const text = z.optional(z.nullable(z.string()));
const flag = z.optional(z.nullable(z.boolean()));

/** Paymob's processed callback (developers.paymob.com, "Transaction callbacks"): `{ type, obj, hmac? }`. */
export const PaymobTransactionShape = z.looseObject({
  id: z.optional(z.nullable(id)),
  amount_cents: z.optional(z.nullable(amount)),
  currency: text,
  created_at: text,
  success: flag,
  pending: flag,
  is_refunded: flag,
  is_voided: flag,
  is_auth: flag,
  is_capture: flag,
  is_3d_secure: flag,
  is_standalone_payment: flag,
  has_parent_transaction: flag,
  error_occured: flag,
  integration_id: z.optional(z.nullable(id)),
  owner: z.optional(z.nullable(id)),
  order: z.optional(
    z.nullable(z.looseObject({ id: z.optional(z.nullable(id)), merchant_order_id: z.optional(z.nullable(z.string())) })),
  ),
  source_data: z.optional(z.nullable(z.looseObject({ type: text, sub_type: text, pan: text }))),
  data: z.optional(z.nullable(z.looseObject({ bill_reference: z.optional(z.nullable(id)), message: z.optional(z.unknown()) }))),
});

export const PaymobCallbackShape = z.looseObject({
  type: z.optional(z.string()),
  obj: z.optional(z.nullable(PaymobTransactionShape)),
  hmac: z.optional(z.string()),
});

/** FawryPay's server notification V2 (developer.fawrystaging.com): the fields its `messageSignature` covers. */
export const FawryNotificationShape = z.looseObject({
  fawryRefNumber: z.optional(id),
  merchantRefNumber: z.optional(z.string()),
  merchantRefNum: z.optional(z.string()),
  paymentAmount: z.optional(z.nullable(amount)),
  orderAmount: z.optional(z.nullable(amount)),
  fawryFees: z.optional(z.nullable(amount)),
  orderStatus: z.optional(z.string()),
  paymentMethod: z.optional(z.string()),
  paymentRefrenceNumber: z.optional(z.nullable(id)),
  orderExpiryDate: z.optional(z.nullable(z.number())),
  messageSignature: z.optional(z.string()),
});

/** PayTabs' payment notification (docs.paytabs.com, "Payment Notifications"). */
export const PayTabsCallbackShape = z.looseObject({
  tran_ref: z.optional(z.string()),
  cart_id: z.optional(z.string()),
  cart_currency: text,
  cart_amount: z.optional(z.nullable(amount)),
  tran_currency: text,
  tran_total: z.optional(z.nullable(amount)),
  payment_result: z.optional(z.nullable(z.looseObject({ response_status: text }))),
});

/** OPay's callback notification (doc.opaycheckout.com): `{ payload: { reference, orderNo, amount, currency, status } }`. */
export const OPayCallbackShape = z.looseObject({
  payload: z.optional(
    z.looseObject({
      reference: z.optional(z.string()),
      orderNo: z.optional(z.string()),
      amount: z.optional(z.nullable(amount)),
      currency: text,
      status: text,
    }),
  ),
});
