import Papa from 'papaparse';
import type { ReconciledOrder, SettlementLine, SettlementReport } from '../courier-delivery-views.ts';
import { parseMoneyInput } from '#lib/money.ts';
import { latinDigits } from '#lib/text.ts';
import type { ShopDb } from '#server/db/index.ts';
import type { CourierCompanyName } from '#server/couriers/courier-company.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { Problem } from '#server/problem.ts';
import { recordCodReceived } from '#core/seller-ledger/server/index.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';

/**
 * A courier company's cash cycle (issue 38): its settlement export — what it says it collected per delivery and its
 * fee — read against our deliveries. A dry run reports every line and writes nothing; applying writes the collected
 * cash and fee on each delivery in one transaction, only when no line is refused (unknown tracking number, a
 * duplicate, an amount that is not one, an order not delivered). A collected amount that differs from the order's
 * cash is applied and flagged (short, over) on the order. Files saved by Excel are read as they come: a byte-order
 * mark, Arabic or English headers, Arabic-Indic digits, amounts with a decimal comma or thousands separators. Applying
 * also posts the orders' goods' cash as received in the sellers' ledger, once per order (`recordCodReceived`).
 */
const HEADERS: Record<'tracking' | 'collected' | 'fee', readonly string[]> = {
  tracking: ['tracking number', 'tracking', 'trackingnumber', 'رقم التتبع', 'رقم الشحنة'],
  collected: ['cod', 'collected', 'cash collected', 'cod amount', 'المبلغ المحصل', 'المحصل', 'مبلغ التحصيل'],
  fee: ['fees', 'fee', 'shipping fees', 'الرسوم', 'رسوم الشحن'],
};
const normalised = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

function columnsOf(fields: readonly string[]) {
  const find = (names: readonly string[]) => fields.find((f) => names.includes(normalised(f)));
  return { tracking: find(HEADERS.tracking), collected: find(HEADERS.collected), fee: find(HEADERS.fee) };
}

interface Planned {
  report: SettlementReport;
  writes: { deliveryId: number; orderId: number; collected: number; fee: number }[];
}

async function plan(db: ShopDb, company: CourierCompanyName, text: string): Promise<Planned> {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  const columns = columnsOf(parsed.meta.fields ?? []);
  const empty = (fileProblem: SettlementReport['fileProblem']): Planned => ({
    report: { lines: [], refused: 0, differences: 0, applied: false, fileProblem },
    writes: [],
  });
  if (!columns.tracking || !columns.collected) return empty('missingColumns');
  if (!parsed.data.length) return empty('empty');
  const numbers = parsed.data.map((row) => latinDigits(row[columns.tracking!] ?? '').trim());
  const known = new Map<string, { id: number; order_id: number; cod: number; status: string }>();
  for (let i = 0; i < numbers.length; i += 500) {
    const batch = [...new Set(numbers.slice(i, i + 500).filter(Boolean))];
    if (!batch.length) continue;
    const rows = await db
      .selectFrom('courier_deliveries')
      .innerJoin('orders', 'orders.id', 'courier_deliveries.order_id')
      .select([
        'courier_deliveries.id',
        'courier_deliveries.order_id',
        'courier_deliveries.tracking_number',
        'orders.cash_to_collect as cod',
        'orders.status',
      ])
      .where('courier_deliveries.company', '=', company)
      .where('courier_deliveries.tracking_number', 'in', batch)
      .execute();
    for (const row of rows) known.set(row.tracking_number!, row);
  }
  const seen = new Set<string>();
  const lines: SettlementLine[] = [];
  const writes: Planned['writes'] = [];
  for (const [index, row] of parsed.data.entries()) {
    const line = index + 2;
    const trackingNumber = numbers[index]!;
    const delivery = known.get(trackingNumber);
    const collected = parseMoneyInput(row[columns.collected!] ?? '');
    const fee = columns.fee ? parseMoneyInput(row[columns.fee] ?? '') : ({ ok: true, piastres: 0 } as const);
    if (!delivery) {
      lines.push({ line, trackingNumber, result: 'unknown' });
      continue;
    }
    if (seen.has(trackingNumber)) {
      lines.push({ line, trackingNumber, result: 'duplicate' });
      continue;
    }
    seen.add(trackingNumber);
    if (!collected.ok || (!fee.ok && (row[columns.fee!] ?? '').trim() !== '')) {
      lines.push({ line, trackingNumber, result: 'badAmount' });
      continue;
    }
    if (delivery.status !== 'DELIVERED') {
      lines.push({ line, trackingNumber, result: 'notDelivered' });
      continue;
    }
    const feePiastres = fee.ok ? fee.piastres : 0;
    const result = collected.piastres === delivery.cod ? 'matches' : collected.piastres < delivery.cod ? 'short' : 'over';
    lines.push({
      line,
      trackingNumber,
      orderId: delivery.order_id,
      result,
      expected: delivery.cod,
      collected: collected.piastres,
      fee: feePiastres,
    });
    writes.push({ deliveryId: delivery.id, orderId: delivery.order_id, collected: collected.piastres, fee: feePiastres });
  }
  const refused = lines.filter((l) => !('orderId' in l)).length;
  const differences = lines.filter((l) => l.result === 'short' || l.result === 'over').length;
  return { report: { lines, refused, differences, applied: false }, writes };
}

/** Reads a settlement file; with `apply`, writes it when no line is refused (else 422 with the report, nothing written). */
export async function importSettlement(
  db: ShopDb,
  input: { company: CourierCompanyName; text: string; reference: string; apply: boolean },
  actor: StaffActor,
): Promise<SettlementReport> {
  const { report, writes } = await plan(db, input.company, input.text);
  if (!input.apply) return report;
  if (report.fileProblem || report.refused)
    throw new Problem(422, 'couriers.settlementRefused', { values: { count: report.refused }, detail: { report } });
  await db.transaction().execute(async (trx) => {
    for (const write of writes)
      await trx
        .updateTable('courier_deliveries')
        .set({ collected: write.collected, fee: write.fee, settlement_ref: input.reference, updated_at: isoNow() })
        .where('id', '=', write.deliveryId)
        .execute();
    // The company has the orders' cash for the marketplace now: the sellers' ledger moves each order's goods' cash off
    // the couriers (decision 030 › Cash received), whatever the company reported; a difference stays flagged here.
    await recordCodReceived(
      trx,
      { orderIds: writes.map((w) => w.orderId), via: `settlement:${input.company}:${input.reference}` },
      actor,
    );
    await recordAudit(trx, actor, {
      action: 'courier.settlement',
      subject: { type: 'courier_company', id: input.company },
      after: { reference: input.reference, lines: writes.length, differences: report.differences },
    });
  });
  return { ...report, applied: true };
}

/** Every delivered cash-on-delivery order of a company: expected, collected, fee, remitted, and its flag. */
export async function reconcileCompany(db: ShopDb, company: CourierCompanyName, limit = 1000): Promise<ReconciledOrder[]> {
  const rows = await db
    .selectFrom('courier_deliveries')
    .innerJoin('orders', 'orders.id', 'courier_deliveries.order_id')
    .leftJoin('remittance_orders', 'remittance_orders.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.cash_to_collect',
      'courier_deliveries.tracking_number',
      'courier_deliveries.collected',
      'courier_deliveries.fee',
      'remittance_orders.order_id as remitted',
    ])
    .where('courier_deliveries.company', '=', company)
    .where('orders.status', '=', 'DELIVERED')
    .orderBy('orders.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    orderId: row.id,
    trackingNumber: row.tracking_number ?? '',
    expected: row.cash_to_collect,
    collected: row.collected,
    fee: row.fee,
    net: row.collected === null ? null : row.collected - (row.fee ?? 0),
    remitted: row.remitted !== null,
    flag:
      row.collected === null
        ? 'missing'
        : row.collected === row.cash_to_collect
          ? 'matches'
          : row.collected < row.cash_to_collect
            ? 'short'
            : 'over',
  }));
}
