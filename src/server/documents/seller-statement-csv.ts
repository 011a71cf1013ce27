import type { Dictionary } from '../../i18n/en.ts';
import { formatOrderId } from '../../i18n/format.ts';
import { poundsText } from '../../lib/money.ts';
import type { ShopDb } from '../db/index.ts';
import { totals } from '../../lib/seller-ledger/statement-view.ts';
import { sellerAccountSums } from '../services/seller-ledger/post.ts';
import { statementLines, type StatementPeriod } from '../services/seller-ledger/statement.ts';
import { cairoDayEnd, cairoDayStart } from '../../lib/cairo-day.ts';
import { statementDetails } from '../../lib/seller-ledger/statement-memo.ts';

// A reason typed by staff that starts with = + - @ stays text in a spreadsheet; a negative amount (-12.50) stays a number.
const FORMULA = /^[=+@\t\r]|^-(?!\d+\.\d{2}$)/;
const QUOTE = /[",\r\n]/;
/** One CSV cell (RFC 4180), as Papa would write it with its formula escape; written by hand: 100,000 rows. */
function cell(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return QUOTE.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
const row = (cells: readonly string[]) => `${cells.map(cell).join(',')}\r\n`;

/**
 * A seller's statement for a period as CSV in the reader's language (headers and entry names from its dictionary;
 * a byte-order mark first, so Excel reads the Arabic as UTF-8): the opening balance, every line with its running
 * balance, the closing balance. Streamed: lines are read by keyset in chunks and written as they come, so 100,000
 * lines never sit in memory at once (docs/benchmarks.md).
 */
export function statementCsv(db: ShopDb, sellerId: number, period: StatementPeriod, t: Dictionary): ReadableStream<Uint8Array> {
  const c = t.sellerLedger.csv;
  const encoder = new TextEncoder();
  const lines = statementLines(db, sellerId, period);
  let stage: 'head' | 'lines' | 'done' = 'head';
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stage === 'head') {
        const opening = totals(await sellerAccountSums(db, sellerId, cairoDayStart(period.from))).total;
        controller.enqueue(
          encoder.encode(
            `\uFEFF${row([c.date, c.kind, c.order, c.memo, c.account, c.amount, c.balance])}${row([period.from, c.opening, '', '', '', '', poundsText(opening)])}`,
          ),
        );
        stage = 'lines';
        return;
      }
      if (stage === 'done') return controller.close();
      let text = '';
      for (let i = 0; i < 1000; i += 1) {
        const next = await lines.next();
        if (next.done) {
          const closing = totals(await sellerAccountSums(db, sellerId, cairoDayEnd(period.to))).total;
          text += row([period.to, c.closing, '', '', '', '', poundsText(closing)]);
          stage = 'done';
          break;
        }
        const l = next.value;
        text += row([
          l.at,
          t.sellerLedger.kinds[l.kind],
          l.orderId === null ? '' : formatOrderId(l.orderId),
          statementDetails(l.kind, l.memo, t.sellerLedger.methods),
          t.sellerLedger.accounts[l.account],
          poundsText(l.amount),
          poundsText(l.balance),
        ]);
      }
      controller.enqueue(encoder.encode(text));
    },
  });
}
