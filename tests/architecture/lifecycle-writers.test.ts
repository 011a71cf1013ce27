import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

/**
 * One writer of order and payment state (issue 21): `src/core/orders/server/lifecycle.ts` alone inserts orders,
 * payments and order events, and changes an order's status or payment status or a payment's status. Every other
 * module goes through it, so each change is conditional on the status it leaves and writes its event.
 */
const LIFECYCLE = 'src/core/orders/server/lifecycle.ts';
/**
 * Seeders of a throwaway benchmark database, which write a million rows with one INSERT … SELECT each (through the
 * lifecycle it would take hours): the reports' benchmark (issue 53, docs/benchmarks.md › Reports).
 */
const BENCH_SEEDERS = new Set(['scripts/bench/reports.mjs']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The lifecycle writes a piece of code makes, as `what at line`. */
export function lifecycleWrites(text: string): string[] {
  const found: string[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(/insertInto\(\s*['"](orders|payments|order_events)['"]\s*\)/g))
    found.push(`insert into ${m[1]} at ${lineOf(m.index)}`);
  for (const m of text.matchAll(/updateTable\(\s*['"](orders|payments)['"]\s*\)/g)) {
    // The statement up to its execution: does it set a status?
    const statement = text.slice(m.index, text.indexOf('.execute', m.index));
    if (/\.set\([^]*\bstatus\b|payment_status/.test(statement)) found.push(`status of ${m[1]} at ${lineOf(m.index)}`);
  }
  for (const m of text.matchAll(/\b(?:into|update)\s+(orders|payments|order_events)\b/gi))
    found.push(`raw SQL on ${m[1]} at ${lineOf(m.index)}`);
  return found;
}

test('only the lifecycle module writes order status, payment status and order events', () => {
  const offenders = ['src', 'scripts'].flatMap(filesUnder).flatMap((file) => {
    if (relative('.', file) === LIFECYCLE || BENCH_SEEDERS.has(relative('.', file))) return [];
    // The demo seed's past orders (issue 52: the demo shoppers' delivered orders behind their reviews) are history
    // written as it stands, with its events, into an empty shop; no live order is changed there.
    if (relative('.', file) === 'src/server/db/seed/demo-reviews.ts') return [];
    return lifecycleWrites(readFileSync(file, 'utf8')).map((w) => `${relative('.', file)}: ${w}`);
  });
  expect(offenders).toEqual([]);
});

test('the check finds each kind of write it forbids, and lets other updates of orders pass', () => {
  expect(
    lifecycleWrites(`
      await trx.insertInto('order_events').values({}).execute();
      await db.updateTable('orders').set({ status: 'PLACED' }).where('id', '=', 1).execute();
      await db.updateTable('payments').set({ status: 'paid' }).execute();
      await db.updateTable('orders').set({ address_street: 'x' }).execute();
      await sql\`update orders set status = 'X'\`.execute(db);
    `),
  ).toEqual(['insert into order_events at 2', 'status of orders at 3', 'status of payments at 4', 'raw SQL on orders at 6']);
});
