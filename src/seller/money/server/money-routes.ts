import { Hono } from 'hono';
import { StatementQuerySchema } from '#lib/schemas/seller-ledger.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { media } from '#server/api/openapi/describe.ts';
import { validate } from '#server/api/validation.ts';
import { statementCsv } from '#server/documents/seller-statement-csv.ts';
import { statementPeriod } from '#core/seller-ledger/server/index.ts';
import { cairoToday } from '#lib/cairo-day.ts';
import { requireSeller } from '../../accounts/server/require-seller.ts';
import { sellerDocumenter } from '../../portal/server/seller-docs.ts';

const documented = sellerDocumenter('Seller money');

/**
 * The seller's own statement as CSV (issue 40 item 8): the desk's document, for the signed-in member's seller only
 * (the seller id comes from the session, never from the address).
 */
export const sellerMoneyRoutes = new Hono<ApiEnv>().get(
  '/statement.csv',
  documented('Your statement for a period as CSV, in your language (this month by default)', {
    200: media('Opening balance, every line with its running balance, closing balance (streamed).', 'text/csv'),
  }),
  requireSeller('money.read'),
  validate('query', StatementQuerySchema),
  async (c) => {
    const sellerId = c.get('seller').sellerId;
    const period = statementPeriod(c.req.valid('query'), cairoToday());
    return c.body(await statementCsv(c.get('db'), sellerId, period, c.get('t')), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="statement-${period.from}-${period.to}.csv"`,
    });
  },
);
