import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

/**
 * Every write of the desk's services is audited (issue 33): an exported function in a `server/` folder of the shared
 * core, the desk's or the seller portal's wing (`src/core/<domain>/server/`, `src/desk/<feature>/server/`,
 * `src/seller/<feature>/server/`) that
 * writes — `insertInto`, `updateTable`, `deleteFrom`, raw SQL that changes rows, or a lifecycle / stock / refund call —
 * itself or through a helper of the same file, calls `recordAudit` in the same function (directly or through a helper
 * of the same file). A few modules write what is not a staff action (sessions, the audit log itself, …): they are
 * listed below with the reason, and a listed function that stops writing must leave the list.
 */
const NOT_STAFF_ACTIONS: Record<string, string> = {
  'src/desk/payments/server/reconciliation-report.ts#buildReconciliationReport':
    'the daily reconciliation job writes its report rows (what the providers said), not a staff action',
  'src/core/second-factor/server/recovery-codes.ts#*': 'second-factor recovery codes of the member signing in',
  // The shared core's primitives (issue 48): the callers that act for staff audit around them.
  'src/core/orders/server/lifecycle.ts#*':
    'the order lifecycle itself, the one writer of statuses and payments: the mover, the confirmation and the desk’s routes audit around it',
  'src/core/orders/server/cancel-order.ts#*':
    'the cancel (stock, coupon, money back): the shopper’s own cancel is no staff action; the mover and the confirmation call audit theirs',
  'src/core/orders/server/refunds.ts#*':
    'money owed or paid back inside a cancel, a return or a late payment: written in the transaction of an audited move',
  'src/core/reports/server/order-summaries.ts#*':
    'the reports’ sums per day (issue 53), derived from the order in the transaction of the write a report counts; that write is audited',
  'src/core/reports/server/summary-catch-up.ts#*': 'the reports’ catch-up: counts orders others placed and moved (decision 039)',
  'src/core/seller-ledger/server/post.ts#*': 'the ledger’s one poster: sales, returns, payouts and rules audit each transaction',
  'src/core/second-factor/server/sign-in/accounts.ts#*': 'invitations and their acceptance: sign-in security (docs/security.md)',
  'src/core/second-factor/server/sign-in/own-account.ts#*':
    'a member’s own sessions and password (their account page): sign-in security; the routes audit the change',
  'src/core/second-factor/server/sign-in/reseal.ts#*':
    'sealing every second factor under the current key (`npm run staff -- reseal`): key rotation, no member’s data changes',
  'src/core/second-factor/server/sign-in/second-factor-reset.ts#*':
    'a new enrolment for a lost authenticator: the desk’s and the owner’s routes audit the reset',
  'src/core/second-factor/server/sign-in/sessions.ts#*':
    'sign-in sessions and second-factor enrolment: sign-in security (docs/security.md), not a desk action',
  'src/desk/content/server/desk-entries.ts#saveDraft':
    "the editor's working copy, saved as they type (a draft changes nothing the shop shows); approving, publishing and withdrawing are audited",
};

const WRITE =
  /\.(insertInto|updateTable|deleteFrom)\(|\b(moveOrderStatus|cancelWithin|cancelOrder|recordStockMovements|setOrderPayment|movePayments|openPayment|creditWallet)\(|sql`\s*(insert|update|delete)\b/i;
const AUDIT = /\brecordAudit\(/;

interface Fn {
  name: string;
  exported: boolean;
  body: string;
}

/** The top-level functions of a module (declarations and `const x = (…) =>` arrows), with their bodies. */
export function functionsOf(text: string): Fn[] {
  const found: Fn[] = [];
  const start =
    /^(export\s+)?(?:async\s+)?function\s*\*?\s*(\w+)|^(export\s+)?const\s+(\w+)\s*=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*(?::[^=]+)?=>/gm;
  const heads = [...text.matchAll(start)];
  heads.forEach((m, i) => {
    const end = heads[i + 1]?.index ?? text.length;
    found.push({ name: (m[2] ?? m[4])!, exported: Boolean(m[1] ?? m[3]), body: text.slice(m.index, end) });
  });
  return found;
}

/** The exported functions of one module that write without an audit record, as `path#name`. */
export function unauditedWrites(path: string, text: string, exempt: Record<string, string> = NOT_STAFF_ACTIONS): string[] {
  const fns = functionsOf(text);
  // Whether a function, or a same-file helper it calls (transitively), matches.
  const reaches = (fn: Fn, pattern: RegExp, seen = new Set<string>()): boolean => {
    if (seen.has(fn.name)) return false;
    seen.add(fn.name);
    if (pattern.test(fn.body)) return true;
    for (const other of fns)
      if (other !== fn && new RegExp(`\\b${other.name}\\(`).test(fn.body) && reaches(other, pattern, seen)) return true;
    return false;
  };
  return fns
    .filter((fn) => fn.exported && reaches(fn, WRITE) && !reaches(fn, AUDIT))
    .map((fn) => `${path}#${fn.name}`)
    .filter((key) => !(key in exempt) && !(`${path}#*` in exempt));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.ts$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

const deskModules = () =>
  ['src/core', 'src/desk', 'src/seller']
    .filter((wing) => existsSync(wing))
    .flatMap((wing) => filesUnder(wing))
    .map((file) => relative('.', file).replaceAll('\\', '/'))
    .filter((file) => file.includes('/server/'))
    .map((file) => [file, readFileSync(file, 'utf8')] as const);

test('every exported write of the desk’s services records an audit entry in the same function', () => {
  expect(deskModules().flatMap(([path, text]) => unauditedWrites(path, text))).toEqual([]);
});

test('each exemption is still needed: it names a function (or a module) that writes without an audit record', () => {
  const files = new Map(deskModules());
  for (const key of Object.keys(NOT_STAFF_ACTIONS)) {
    const [path, name] = key.split('#') as [string, string];
    expect(files.has(path), key).toBe(true);
    const unaudited = unauditedWrites(path, files.get(path)!, {});
    if (name === '*') expect(unaudited.length, key).toBeGreaterThan(0);
    else expect(unaudited, key).toContain(key);
  }
});

test('the check fires on a planted write without an audit record, and follows same-file helpers', () => {
  const planted = `
import { recordAudit } from '../audit.ts';

async function stamp(trx: ShopDb, id: number) {
  await trx.updateTable('couriers').set({ active: 0 }).where('id', '=', id).execute();
}

export async function deactivateQuietly(db: ShopDb, id: number, actor: StaffActor) {
  await db.transaction().execute((trx) => stamp(trx, id));
}

export async function deactivate(db: ShopDb, id: number, actor: StaffActor) {
  await db.transaction().execute(async (trx) => {
    await stamp(trx, id);
    await recordAudit(trx, actor, { action: 'courier.update', subject: { type: 'courier', id } });
  });
}

export const dropNote = async (db: ShopDb, id: number) => {
  await db.deleteFrom('order_notes').where('id', '=', id).execute();
};

export async function readOnly(db: ShopDb) {
  return db.selectFrom('couriers').selectAll().execute();
}
`;
  expect(unauditedWrites('src/desk/couriers/server/planted.ts', planted)).toEqual([
    'src/desk/couriers/server/planted.ts#deactivateQuietly',
    'src/desk/couriers/server/planted.ts#dropNote',
  ]);
});
