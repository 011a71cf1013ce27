import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { makeAddress, makeProduct, placeOrder } from './orders.ts';
import { makeShopper } from './shoppers.ts';

type Db = Kysely<Database>;
type Json = (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;

/**
 * A shopper's card order that was paid and then cancelled with its money owed back to the card: placed through the
 * API, then written straight into the state the shop's cancel leaves (a refund_due payment and an owed card refund),
 * as the back-office tests may (the lifecycle is orders.test.ts's and payments.test.ts's concern).
 */
export async function owedCardRefund(db: Db, json: Json, options: { price?: number; provider?: 'paytabs' | 'opay' } = {}) {
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, { price: options.price ?? 30000, stock: 5, before_discount: null });
  const address = await makeAddress(db, shopper.id);
  const placed = await placeOrder(json, shopper, productId, { address_id: address.id, payment_method: 'card' });
  if (placed.status !== 201) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body)}`);
  const orderId = placed.body.data.id as number;
  const amount = placed.body.data.DiscountedTotal as number;
  const now = new Date().toISOString();
  const tag = randomBytes(5).toString('hex');
  const payment = await db
    .insertInto('payments')
    .values({
      order_id: orderId,
      provider: options.provider ?? 'paytabs',
      tran_ref: `TST${tag}`,
      reference: `BB-${orderId}-${tag}`,
      amount,
      currency: 'EGP',
      status: 'refund_due',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('orders').set({ status: 'CANCELED', payment_status: 'refund_due' }).where('id', '=', orderId).execute();
  const refund = await db
    .insertInto('refunds')
    .values({
      order_id: orderId,
      payment_id: payment.id,
      amount,
      destination: 'card',
      status: 'owed',
      reason: 'cancelled',
      created_at: now,
      paid_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    shopper,
    orderId,
    amount,
    paymentId: payment.id,
    refundId: refund.id,
    tranRef: `TST${tag}`,
    reference: `BB-${orderId}-${tag}`,
  };
}
