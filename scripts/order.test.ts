import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { formatMoney } from '../src/i18n/format.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { checkCatalogVersion } from '../src/server/services/catalog/catalog-version.ts';
import { cancelOrder } from '../src/core/orders/server/cancel-order.ts';
import { placeOrder } from '../src/server/services/orders/place-order.ts';
import { payOrder } from '../tests/support/order-states.ts';
import { makeAddress, makeProduct, stockOf } from '../tests/support/orders.ts';
import { makeShopper } from '../tests/support/shoppers.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'order-cli-'));
const path = join(dir, 'shop.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each call starts a Node process that loads the order kernel from source: about a second on a quiet machine, over ten
// on a loaded one (CI's journeys beside it), and a test makes seven or eight of them.
const CLI_TEST_TIMEOUT = 120_000;

/** Runs `npm run order -- …` (without npm's banner) against the temporary SQLite file. */
async function cli(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_PATH: path };
  delete env['DATABASE_URL'];
  try {
    const { stdout } = await run(process.execPath, ['scripts/order.mjs', ...args], { env });
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, out: e.stderr.trim() };
  }
}

test(
  'the order CLI walks an order along the state machine and refuses skipped steps',
  { timeout: CLI_TEST_TIMEOUT },
  async () => {
    const { db } = await openDatabase({ sqlitePath: path });
    const shopper = await makeShopper(db);
    const address = await makeAddress(db, shopper.id);
    const productId = await makeProduct(db, { price: 10000, stock: 3 });
    const choice = {
      products: [{ product_id: productId, quantity: 2 }],
      address_id: address.id,
      payment_method: 'cash_on_delivery',
    };
    const { orderId } = await placeOrder(db, { userId: shopper.id, locale: 'en', choice });
    const second = await placeOrder(db, {
      userId: shopper.id,
      locale: 'en',
      choice: { ...choice, products: [{ product_id: productId, quantity: 1 }] },
    });
    // Placing an order starts a catalog version check in the background; let it finish before closing the file.
    await checkCatalogVersion(db);
    await db.destroy();

    expect(await cli(String(orderId), 'DELIVERED')).toEqual({
      code: 1,
      out: `Order ${orderId} cannot move from PLACED to DELIVERED. Allowed next: ACCEPT, CANCELED.`,
    });
    // Each run costs a Node start: the full walk is covered by the state-machine unit tests and the API tests.
    expect(await cli(String(orderId), 'ACCEPT')).toEqual({ code: 0, out: `Order ${orderId}: PLACED -> ACCEPT` });
    expect(await cli(String(second.orderId), 'CANCELED')).toEqual({
      code: 1,
      out: `Order ${second.orderId}: moving to CANCELED needs --reason "…".`,
    });
    expect((await cli(String(second.orderId), 'CANCELED', '--reason', 'shopper phoned')).out).toBe(
      `Order ${second.orderId}: PLACED -> CANCELED`,
    );

    const check = await openDatabase({ sqlitePath: path, seed: false });
    const order = await check.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('ACCEPT');
    expect(await stockOf(check.db, productId)).toBe(1);
    // The terminal went through the desk's audited path: each move names the terminal and who ran it.
    const audit = await check.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id', 'staff_email', 'staff_role', 'client_address', 'reason'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'order.move',
        subject_id: String(orderId),
        staff_email: 'terminal',
        staff_role: 'system',
      }),
      expect.objectContaining({ action: 'order.move', subject_id: String(second.orderId), reason: 'shopper phoned' }),
    ]);
    expect(audit[0]!.client_address).toMatch(/^terminal:.+@.+/);
    await check.db.destroy();
  },
);

test(
  '`npm run order -- refunds` lists what is owed back, so an operator finds a cancelled paid order',
  { timeout: CLI_TEST_TIMEOUT },
  async () => {
    const { db } = await openDatabase({ sqlitePath: path });
    expect((await cli('refunds')).out).toBe('No refunds owed.');
    const shopper = await makeShopper(db);
    const address = await makeAddress(db, shopper.id);
    const productId = await makeProduct(db, { price: 25000, stock: 3 });
    const { orderId } = await placeOrder(db, {
      userId: shopper.id,
      locale: 'en',
      choice: { products: [{ product_id: productId, quantity: 1 }], address_id: address.id, payment_method: 'card' },
    });
    await payOrder(db, orderId);
    await cancelOrder(db, { orderId, userId: shopper.id, actor: 'shopper' });
    await checkCatalogVersion(db);
    await db.destroy();
    expect((await cli('refunds')).out).toMatch(
      new RegExp(`^Order ${orderId}: ${formatMoney(30000, 'en')} owed to the card \\(cancelled, since \\d{4}-`),
    );
  },
);
