import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { StaffActor } from '../../src/core/actors/server/actors.ts';
import { inviteStaff } from '../../src/desk/staff/server/staff-accounts.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { toInt } from '../../src/server/db/values.ts';
import { placeOrder } from '../../src/server/services/orders/place-order.ts';
import { makeProduct } from './orders.ts';

type Db = Kysely<Database>;

/** The demo catalog's first `count` sellers, each with a product of its own (price and stock chosen by the test). */
export async function sellersWithProducts(db: Db, count: number, price = 20_000, stock = 1_000) {
  const sellers = await db.selectFrom('sellers').select('id').orderBy('id').limit(count).execute();
  if (sellers.length < count) throw new Error(`the demo catalog has ${sellers.length} sellers`);
  const out: { sellerId: number; productId: number; categoryId: number }[] = [];
  for (const [i, seller] of sellers.entries()) {
    const productId = await makeProduct(db, { price: price + i * 2_500, stock });
    // Test data: the product belongs to this seller (the catalog's own editor is another issue's).
    await db.updateTable('products').set({ seller_id: seller.id }).where('id', '=', productId).execute();
    const row = await db.selectFrom('products').select('category_id').where('id', '=', productId).executeTakeFirstOrThrow();
    out.push({ sellerId: seller.id, productId, categoryId: row.category_id });
  }
  return out;
}

/** A finance member as the services see one (a real staff row, so the audit log names them). */
export async function financeActor(db: Db, role: StaffActor['role'] = 'finance'): Promise<StaffActor> {
  const email = `ledger-${role}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@staff.test`;
  const { staffId } = await inviteStaff(db, { email, name: `Ledger ${role}`, role }, null);
  return { id: staffId, email, name: `Ledger ${role}`, role, clientAddress: '203.0.113.40' };
}

/**
 * A cash-on-delivery (or card, or wallet) order with a line of each given product, placed through the shop's own
 * service, with the coupon's code when given and paid partly from the shopper's wallet when asked (a card order never
 * is: the shop does not mix the wallet with an online payment).
 */
export async function mixedOrder(
  db: Db,
  shopper: { id: number; address: number },
  lines: readonly { productId: number; quantity: number }[],
  method: 'cash_on_delivery' | 'card' | 'wallet' = 'cash_on_delivery',
  coupon?: string,
  useWallet = false,
) {
  const placed = await placeOrder(db, {
    userId: shopper.id,
    locale: 'en',
    choice: {
      products: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })),
      address_id: shopper.address,
      payment_method: method,
      use_wallet: useWallet,
      ...(coupon ? { coupon } : {}),
    },
  });
  return placed.orderId;
}

/** An order's net on a ledger account (debits minus credits); of one kind of transaction when told. */
export async function orderNet(db: Db, orderId: number, account: string, kind?: string): Promise<number> {
  let query = db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select((eb) => eb.fn.sum<number>(eb('ledger_entries.debit', '-', eb.ref('ledger_entries.credit'))).as('net'))
    .where('ledger_transactions.order_id', '=', orderId)
    .where('ledger_entries.account', '=', account);
  if (kind) query = query.where('ledger_transactions.kind', '=', kind);
  return toInt((await query.executeTakeFirst())?.net);
}

/** A transaction's legs as [account, debit, credit], by account. */
export async function transactionLegs(db: Db, sourceKey: string) {
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(['ledger_entries.account', 'ledger_entries.debit', 'ledger_entries.credit'])
    .where('ledger_transactions.source_key', '=', sourceKey)
    .orderBy('ledger_entries.account')
    .execute();
  return rows.map((e) => [e.account, toInt(e.debit), toInt(e.credit)]);
}

/** Every ledger transaction of the order has as many debits as credits (and there is at least one). */
export async function expectEveryTransactionBalances(db: Db, orderId: number): Promise<void> {
  const sums = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select([
      'ledger_entries.transaction_id',
      (eb) => eb.fn.sum<number>('ledger_entries.debit').as('d'),
      (eb) => eb.fn.sum<number>('ledger_entries.credit').as('c'),
    ])
    .where('ledger_transactions.order_id', '=', orderId)
    .groupBy('ledger_entries.transaction_id')
    .execute();
  expect(sums.length).toBeGreaterThan(0);
  for (const t of sums) expect(toInt(t.d), `transaction ${t.transaction_id}`).toBe(toInt(t.c));
}
