import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { serverRoots } from './server-roots.ts';

/**
 * One way to move an order (issue 33): an operator — a member on the orders desk or someone in a terminal
 * (`npm run order`) — moves orders only through `src/core/orders/server/order-moves.ts` (moveOrder,
 * recordFailedDelivery), which writes the audit entry. The lifecycle's status changes and cancels are called from a
 * short list of modules, each for its own reason; a new caller is a second mover and fails here.
 */
const MOVERS: Record<string, string> = {
  'src/core/orders/server/lifecycle.ts': 'the lifecycle itself (the one writer of statuses)',
  'src/core/orders/server/cancel-order.ts': "the cancel (stock, coupon, money back): the shopper's and the desk's",
  'src/server/api/order-routes.ts': "the shopper's own cancel (POST /orders/{id}/cancel)",
  'src/server/payments/settle.ts': 'a verified payment callback (PENDING → PLACED, declines)',
  'src/server/payments/release-abandoned.ts': 'the unpaid-order timeout',
  'src/desk/orders/server/confirmation-calls.ts': 'a confirmation call (confirmed → ACCEPT, too many failed calls → cancel)',
  'src/core/orders/server/order-moves.ts': 'THE operator mover: the desk and the terminal',
  'src/core/orders/server/confirmation.ts':
    'THE confirmation (issue 48): a call, a WhatsApp or SMS-link reply and the desk’s own move to ACCEPT all confirm here',
  'src/seller/orders/server/cancel-line.ts': "a seller's last line out of stock: the whole order cancelled, as the desk would",
};

const MOVING_CALL = /\b(moveOrderStatus|cancelWithin|cancelOrder|releaseUnpaidOrder)\s*\(/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|mjs)$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The modules that move orders without being on the list, as `path: call`. */
export function secondMovers(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([path, text]) => {
    if (path in MOVERS) return [];
    const call = MOVING_CALL.exec(text);
    return call ? [`${path}: ${call[1]}(`] : [];
  });
}

const serverFiles = (): Record<string, string> =>
  Object.fromEntries(
    [...serverRoots(), 'scripts']
      .flatMap(filesUnder)
      .map((file) => [relative('.', file).replaceAll('\\', '/'), readFileSync(file, 'utf8')]),
  );

test('orders move only through the listed modules; the terminal goes through the desk’s mover', () => {
  const files = serverFiles();
  expect(secondMovers(files)).toEqual([]);
  // The old terminal-only mover is gone, and the terminal command uses the desk's service.
  expect(Object.keys(files)).not.toContain('src/server/services/orders/move-order.ts');
  expect(files['scripts/order.mjs']).toMatch(/from '..\/src\/core\/orders\/server\/order-moves\.ts'/);
  expect(files['scripts/order.mjs']).toMatch(/terminalActor\(\)/);
});

test('the check fires on a planted second mover', () => {
  const planted = {
    ...serverFiles(),
    'src/server/services/orders/move-order.ts': `
      export async function moveOrder(db, orderId, to) {
        await db.transaction().execute((trx) => moveOrderStatus(trx, { orderId, from: ['PLACED'], to, actor: 'cli' }));
      }`,
    'scripts/quick-cancel.mjs': `await cancelOrder(db, { orderId: 1, userId: null, actor: 'cli' });`,
  };
  expect(secondMovers(planted).sort()).toEqual([
    'scripts/quick-cancel.mjs: cancelOrder(',
    'src/server/services/orders/move-order.ts: moveOrderStatus(',
  ]);
});
