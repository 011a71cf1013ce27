import type { Dictionary } from '#i18n/en.ts';
import { formatOrderId } from '#i18n/format.ts';
import { poundsText } from '#lib/money.ts';
import type { ShopDb } from '../db/index.ts';
import { totals } from '#lib/seller-ledger/statement-view.ts';
import { sellerAccountSums } from '#core/seller-ledger/server/post.ts';
import { statementLines, type StatementPeriod } from '#core/seller-ledger/server/statement.ts';
import { cairoDayEnd, cairoDayStart } from '#lib/cairo-day.ts';
import { statementDetails } from '#lib/seller-ledger/statement-memo.ts';
import { streamedDownload } from '../api/streamed-download.ts';

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
 * lines never sit in memory at once (docs/benchmarks.md). The opening balance is read before the answer starts
 * (streamedDownload): a failure there is an answer in the error model, not an error inside the file (issue 49).
 */
export function statementCsv(
  db: ShopDb,
  sellerId: number,
  period: StatementPeriod,
  t: Dictionary,
): Promise<ReadableStream<Uint8Array>> {
  return streamedDownload(statementRows(db, sellerId, period, t));
}

async function* statementRows(db: ShopDb, sellerId: number, period: StatementPeriod, t: Dictionary): AsyncGenerator<string> {
  const c = t.sellerLedger.csv;
  const opening = totals(await sellerAccountSums(db, sellerId, cairoDayStart(period.from))).total;
  yield `\uFEFF${row([c.date, c.kind, c.order, c.memo, c.account, c.amount, c.balance])}${row([period.from, c.opening, '', '', '', '', poundsText(opening)])}`;
  let text = '';
  for await (const l of statementLines(db, sellerId, period)) {
    text += row([
      l.at,
      t.sellerLedger.kinds[l.kind],
      l.orderId === null ? '' : formatOrderId(l.orderId),
      statementDetails(l.kind, l.memo, t.sellerLedger.methods),
      t.sellerLedger.accounts[l.account],
      poundsText(l.amount),
      poundsText(l.balance),
    ]);
    // About 100 KB a chunk: few writes, little memory.
    if (text.length > 100_000) {
      yield text;
      text = '';
    }
  }
  const closing = totals(await sellerAccountSums(db, sellerId, cairoDayEnd(period.to))).total;
  yield text + row([period.to, c.closing, '', '', '', '', poundsText(closing)]);
}
