// `npm run order -- <order id> <STATUS> [--reason "…"] [--courier <id>] [--tracking <number>]`: moves an order one
// step along its state machine (docs/orders.md) in the database configured by DATABASE_URL (PostgreSQL) or
// DATABASE_PATH (SQLite, default ./data/shop.sqlite), through the orders desk's own service (issue 33: one way to move
// an order), as the terminal actor: the audit log records `terminal` and the system user who ran the command.
// CANCELED needs a reason (stock and money come back as on the desk); WITH_COURIER needs a courier; from WITH_COURIER,
// READY_TO_SHIP (try again) and CANCELED (returned) are a failed delivery and need a reason.
// `npm run order -- refunds` lists the refunds still owed.
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/index.ts';
import { isOrderStatus, operatorNextStatuses, ORDER_STATUSES } from '../src/lib/orders/order-status.ts';
import { moveOrder, recordFailedDelivery } from '../src/core/orders/server/order-moves.ts';
import { terminalActor } from '../src/core/actors/server/actors.ts';
import { Problem } from '../src/server/problem.ts';
import { owedRefunds } from '../src/core/orders/server/refunds.ts';
import { formatMoney } from '../src/i18n/format.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { reason: { type: 'string' }, courier: { type: 'string' }, tracking: { type: 'string' } },
});
const [idText, status] = positionals;
const open = () =>
  openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    sqlitePath: process.env.DATABASE_PATH ?? './data/shop.sqlite',
    seed: false,
  });

if (idText === 'refunds') {
  const { db } = await open();
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
  console.error(
    `usage: npm run order -- <order id> <${ORDER_STATUSES.join('|')}> [--reason "…"] [--courier <id>] [--tracking <number>]`,
  );
  process.exit(2);
}
const { db } = await open();
const actor = terminalActor();
let code = 0;
let from = '?';
try {
  const order = await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirst();
  if (!order) throw new Problem(404, 'admin.orderNotFound');
  from = order.status;
  const reason = values.reason ?? '';
  if (from === 'WITH_COURIER' && (status === 'READY_TO_SHIP' || status === 'CANCELED')) {
    await recordFailedDelivery(db, { orderId: id, reason, outcome: status === 'CANCELED' ? 'return' : 'reschedule' }, actor);
  } else {
    const courierId = values.courier === undefined ? undefined : Number(values.courier);
    await moveOrder(
      db,
      {
        orderId: id,
        from: isOrderStatus(from) ? from : 'PLACED',
        to: status,
        reason,
        courierId,
        trackingNumber: values.tracking,
      },
      actor,
    );
  }
  console.log(`Order ${id}: ${from} -> ${status}`);
} catch (error) {
  if (!(error instanceof Problem)) throw error;
  code = 1;
  const allowed = isOrderStatus(from) ? operatorNextStatuses(from).join(', ') || 'none (final)' : '?';
  if (error.code === 'admin.orderNotFound') console.error(`Order ${id} not found.`);
  else if (error.code === 'admin.reasonRequired') console.error(`Order ${id}: moving to ${status} needs --reason "…".`);
  else if (error.code === 'admin.courierRequired') console.error(`Order ${id}: moving to ${status} needs --courier <id>.`);
  else if (error.code === 'adminCash.courierNotFound') console.error(`Order ${id}: no active courier ${values.courier}.`);
  else console.error(`Order ${id} cannot move from ${from} to ${status}. Allowed next: ${allowed}.`);
} finally {
  await db.destroy();
}
process.exit(code);
