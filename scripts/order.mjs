// `npm run order -- <order id> <STATUS>`: moves an order one step along its state machine (docs/orders.md) in the
// database configured by DATABASE_URL (PostgreSQL) or DATABASE_PATH (SQLite, default ./data/shop.sqlite).
// There is no back office yet; this lets operators and the journeys reach every status. CANCELED gives stock and
// the wallet payment back, like the shopper's own cancel. `npm run order -- refunds` lists the refunds still owed.
import { openDatabase } from '../src/server/db/index.ts';
import { isOrderStatus, operatorNextStatuses, ORDER_STATUSES } from '../src/lib/orders/order-status.ts';
import { moveOrder } from '../src/server/services/orders/move-order.ts';
import { Problem } from '../src/server/problem.ts';
import { owedRefunds } from '../src/server/services/orders/refunds.ts';
import { formatMoney } from '../src/i18n/format.ts';

const [idText, status] = process.argv.slice(2);
if (idText === 'refunds') {
  const { db } = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    sqlitePath: process.env.DATABASE_PATH ?? './data/shop.sqlite',
    seed: false,
  });
  const owed = await owedRefunds(db);
  await db.destroy();
  if (!owed.length) console.log('No refunds owed.');
  for (const r of owed)
    console.log(
      `Order ${r.order_id}: ${formatMoney(r.amount, 'en')} owed to the ${r.destination} (${r.reason}, since ${r.created_at})`,
    );
  process.exit(0);
}
const id = Number(idText);
if (!Number.isInteger(id) || id < 1 || !status || !isOrderStatus(status)) {
  console.error(`usage: npm run order -- <order id> <${ORDER_STATUSES.join('|')}>`);
  process.exit(2);
}
const { db } = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  sqlitePath: process.env.DATABASE_PATH ?? './data/shop.sqlite',
  seed: false,
});
let code = 0;
try {
  const { from, to } = await moveOrder(db, id, status);
  console.log(`Order ${id}: ${from} -> ${to}`);
} catch (error) {
  if (!(error instanceof Problem)) throw error;
  code = 1;
  if (error.code === 'orders.orderNotFound') console.error(`Order ${id} not found.`);
  else {
    const from = String(error.detail.from ?? '?');
    const allowed = isOrderStatus(from) ? operatorNextStatuses(from).join(', ') || 'none (final)' : '?';
    console.error(`Order ${id} cannot move from ${from} to ${status}. Allowed next: ${allowed}.`);
  }
} finally {
  await db.destroy();
}
process.exit(code);
