import { Hono } from 'hono';
import { cairoToday } from '#lib/cairo-day.ts';
import {
  AdjustmentSchema,
  CommissionRuleSchema,
  CommissionScopeQuerySchema,
  PayoutListQuerySchema,
  PayoutSuspensionSchema,
  RecordPayoutSchema,
  ReturnedLinesSchema,
  StatementQuerySchema,
} from '#lib/schemas/seller-ledger.ts';
import { statementCsv } from '#server/documents/seller-statement-csv.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { idParam } from '#server/api/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { media, refused } from '#server/api/openapi/describe.ts';
import { validate } from '#server/api/validation.ts';
import {
  commissionRules,
  recordAdjustment,
  recordPayout,
  removeCommissionRule,
  returnDeliveredLines,
  saveCommissionRule,
  sellerBalances,
  sellerPayouts,
  sellerStatement,
  setPayoutsSuspended,
  statementPeriod,
} from '#core/seller-ledger/server/index.ts';
import { deskSellerBalances, sellerName } from './seller-money.ts';
import { Problem } from '#server/problem.ts';
import {
  Adjustment,
  CommissionRule,
  CommissionRules,
  Payout,
  Payouts,
  ReturnedLines,
  SellerBalance,
  SellerBalances,
  Statement,
} from './ledger-answers.ts';

const documented = deskDocumenter('Seller money');
const sellerId = (c: Parameters<typeof idParam>[0]) => idParam(c, 'sellerLedger.sellerNotFound');
/** The `:id` of a seller that exists (a read of nobody's money answers 404, not zeros). */
async function knownSeller(c: Parameters<typeof idParam>[0]): Promise<number> {
  const id = sellerId(c);
  if ((await sellerName(c.get('db'), id, c.get('locale'))) === null) throw new Problem(404, 'sellerLedger.sellerNotFound');
  return id;
}

/**
 * The sellers' money on the desk (issue 40, docs/sellers.md › Money): balances, statements (JSON and CSV) and payouts
 * for finance (sellers.finance.read); payouts, adjustments and suspension (sellers.payout); commission rules
 * (sellers.commission); goods returned after delivery (refunds.pay).
 */
export const sellerLedgerRoutes = new Hono<ApiEnv>()
  .get(
    '/sellers/balances',
    documented("Every seller's pending and available balance", { 200: done('The sellers with their balances.', SellerBalances) }),
    requireStaff('sellers.finance.read'),
    async (c) => c.json({ data: await deskSellerBalances(c.get('db'), c.get('locale')) }),
  )
  .get(
    '/sellers/:id/balance',
    documented("A seller's balance", {
      200: done('Pending, available, payouts suspended.', SellerBalance),
      404: missing('seller'),
    }),
    requireStaff('sellers.finance.read'),
    async (c) => c.json({ data: await sellerBalances(c.get('db'), await knownSeller(c)) }),
  )
  .get(
    '/sellers/:id/statement',
    documented("A seller's statement for a period (Cairo days; this month by default), a page of lines at a time", {
      200: done('Opening balance, the lines with their running balance, closing balance, the next page’s cursor.', Statement),
      404: missing('seller'),
    }),
    requireStaff('sellers.finance.read'),
    validate('query', StatementQuerySchema),
    async (c) => {
      const q = c.req.valid('query');
      return c.json({
        data: await sellerStatement(c.get('db'), await knownSeller(c), statementPeriod(q, cairoToday()), { after: q.after }),
      });
    },
  )
  .get(
    '/sellers/:id/statement.csv',
    documented("A seller's statement as CSV, in the reader's language", {
      200: media('Opening balance, every line with its running balance, closing balance (streamed).', 'text/csv'),
      404: missing('seller'),
    }),
    requireStaff('sellers.finance.read'),
    validate('query', StatementQuerySchema),
    async (c) => {
      const id = await knownSeller(c);
      const period = statementPeriod(c.req.valid('query'), cairoToday());
      return c.body(await statementCsv(c.get('db'), id, period, c.get('t')), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="statement-${id}-${period.from}-${period.to}.csv"`,
      });
    },
  )
  .get(
    '/sellers/:id/payouts',
    documented("A seller's payouts, newest first", {
      200: done('The payouts and their count.', Payouts),
      404: missing('seller'),
    }),
    requireStaff('sellers.finance.read'),
    validate('query', PayoutListQuerySchema),
    async (c) => c.json({ data: await sellerPayouts(c.get('db'), await knownSeller(c), c.req.valid('query').page) }),
  )
  .post(
    '/sellers/:id/payouts',
    documented('Record a payout to a seller (idempotent by its key)', {
      200: done('The same payout again: this key was recorded before.', Payout),
      201: done('The payout.', Payout),
      404: missing('seller'),
      409: stale,
    }),
    requireStaff('sellers.payout'),
    validate('json', RecordPayoutSchema),
    async (c) => {
      const body = c.req.valid('json');
      const { payout, repeated } = await recordPayout(
        c.get('db'),
        {
          sellerId: sellerId(c),
          amount: body.amount,
          method: body.method,
          reference: body.reference,
          idempotencyKey: body.idempotency_key,
        },
        c.get('staff'),
      );
      return c.json({ data: payout }, repeated ? 200 : 201);
    },
  )
  .post(
    '/sellers/:id/adjustments',
    documented("Adjust a seller's available balance, with a reason", {
      201: done('The adjustment.', Adjustment),
      404: missing('seller'),
    }),
    requireStaff('sellers.payout'),
    validate('json', AdjustmentSchema),
    async (c) => {
      const body = c.req.valid('json');
      return c.json({ data: await recordAdjustment(c.get('db'), { sellerId: sellerId(c), ...body }, c.get('staff')) }, 201);
    },
  )
  .post(
    '/sellers/:id/payout-suspension',
    documented("Suspend (with a reason) or resume a seller's payouts", {
      200: done('The balance.', SellerBalance),
      404: missing('seller'),
    }),
    requireStaff('sellers.payout'),
    validate('json', PayoutSuspensionSchema),
    async (c) => {
      const id = sellerId(c);
      const body = c.req.valid('json');
      await setPayoutsSuspended(
        c.get('db'),
        { sellerId: id, suspended: body.suspended, reason: body.reason ?? null },
        c.get('staff'),
      );
      return c.json({ data: await sellerBalances(c.get('db'), id) });
    },
  )
  .get(
    '/commission-rules',
    documented('The commission rules', { 200: done('Every rule, by scope.', CommissionRules) }),
    requireStaff('sellers.commission'),
    async (c) => c.json({ data: await commissionRules(c.get('db')) }),
  )
  .put(
    '/commission-rules',
    documented('Set the commission rule of a scope (marketplace, category, seller, seller and category)', {
      200: done('The rule.', CommissionRule),
    }),
    requireStaff('sellers.commission'),
    validate('json', CommissionRuleSchema),
    async (c) => {
      const b = c.req.valid('json');
      const scope = { sellerId: b.seller_id, categoryId: b.category_id };
      const rule =
        b.kind === 'flat'
          ? { ...scope, kind: 'flat' as const, flatFee: b.flat_fee ?? 0 }
          : { ...scope, kind: 'percent' as const, rateBp: b.rate_bp ?? 0, minFee: b.min_fee ?? null, maxFee: b.max_fee ?? null };
      return c.json({ data: await saveCommissionRule(c.get('db'), rule, c.get('staff')) });
    },
  )
  .delete(
    '/commission-rules',
    documented(
      'Remove the commission rule of a scope (category, seller, seller and category); its lines fall to the broader rule',
      {
        200: done('The rules left, by scope.', CommissionRules),
        404: missing('rule for this scope'),
        409: refused('The marketplace’s rule cannot be removed: every sale needs a rule.'),
      },
    ),
    requireStaff('sellers.commission'),
    validate('query', CommissionScopeQuerySchema),
    async (c) => {
      const q = c.req.valid('query');
      const db = c.get('db');
      await removeCommissionRule(db, { sellerId: q.seller_id ?? null, categoryId: q.category_id ?? null }, c.get('staff'));
      return c.json({ data: await commissionRules(db) });
    },
  )
  .post(
    '/orders/:id/returned-lines',
    documented(
      'Record delivered lines given back: what the shopper paid for them (their price less their share of a coupon) to the wallet, the sellers’ shares and commission reversed',
      {
        200: done('What went back to the wallet.', ReturnedLines),
        404: missing('order'),
        409: stale,
      },
    ),
    requireStaff('refunds.pay'),
    validate('json', ReturnedLinesSchema),
    async (c) => {
      const b = c.req.valid('json');
      const done = await returnDeliveredLines(
        c.get('db'),
        { orderId: idParam(c, 'admin.orderNotFound'), lineIds: b.line_ids, reason: b.reason },
        c.get('staff'),
      );
      return c.json({ data: done });
    },
  );
