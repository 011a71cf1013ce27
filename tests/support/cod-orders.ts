import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { makeAddress, makeProduct, placeOrder } from './orders.ts';
import { makeShopper } from './shoppers.ts';

type Db = Kysely<Database>;
type Json = (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;

/**
 * A cash-on-delivery order of two units at 300 EGP placed through the API (issue 37), with the checkout's message
 * consent unless told otherwise, in the language asked (`lang`, e.g. ar-EG): its id, product and shopper's phone.
 */
export async function codOrder(db: Db, json: Json, options: { consent?: boolean; lang?: string } = {}) {
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, { price: 30000, stock: 5 });
  const address = await makeAddress(db, shopper.id);
  const res = options.lang
    ? await json(`/api/orders?lang=${options.lang}`, {
        method: 'POST',
        headers: { ...shopper.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          products: [{ product_id: productId, quantity: 2 }],
          address_id: address.id,
          payment_method: 'cash_on_delivery',
          message_consent: options.consent ?? true,
        }),
      })
    : await placeOrder(json, shopper, productId, {
        quantity: 2,
        address_id: address.id,
        message_consent: options.consent ?? true,
      });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  const phone = (await db.selectFrom('users').select('phone').where('id', '=', shopper.id).executeTakeFirstOrThrow()).phone;
  return { id: res.body.data.id as number, productId, phone, shopper };
}
