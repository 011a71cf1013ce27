import { Hono } from 'hono';
import { PayRefundSchema, RefundListQuerySchema } from '#lib/schemas/admin-money.ts';
import { payRefund } from '#core/orders/server/pay-refund.ts';
import { listRefunds } from './refund-list.ts';
import { serverConfig } from '#server/config.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { PaidRefund, RefundPage } from './refund-answers.ts';

const documented = deskDocumenter('Refunds');

/** Refunds owed and paid (refunds.read), paid back by finance to the wallet or the card (refunds.pay). */
export const adminRefundRoutes = new Hono<ApiEnv>()
  .get(
    '/refunds',
    documented('Refunds owed and paid', { 200: done('The refunds.', RefundPage) }),
    requireStaff('refunds.read'),
    validate('query', RefundListQuerySchema),
    async (c) => {
      const q = c.req.valid('query');
      return c.json({ data: await listRefunds(c.get('db'), { status: q.status ?? 'owed', page: q.page }) });
    },
  )
  .post(
    '/refunds/:id/pay',
    documented('Record a refund as paid', {
      200: done('The refund.', PaidRefund),
      404: missing('refund'),
      409: stale,
      502: missing('answer from the payment provider'),
    }),
    requireStaff('refunds.pay'),
    validate('json', PayRefundSchema),
    async (c) => {
      const body = c.req.valid('json');
      const paid = await payRefund(
        c.get('db'),
        {
          refundId: idParam(c, 'adminMoney.refundNotFound'),
          amount: body.amount,
          destination: body.destination,
          reason: body.reason || undefined,
        },
        c.get('staff'),
        // The sandbox answers at this server's public origin; never the request's Host (docs/payments.md).
        serverConfig().publicOrigin,
      );
      return c.json({ data: paid });
    },
  );
