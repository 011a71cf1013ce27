import { Hono } from 'hono';
import { CodFlagSchema, CustomerSearchSchema, WalletAdjustmentSchema } from '#lib/schemas/admin-money.ts';
import { setCodFlag } from './cod-flag.ts';
import { customerProfile } from './customer-profile.ts';
import { searchCustomers } from './customer-search.ts';
import { adjustWallet } from './wallet-adjustment.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { CodFlag, Customer, CustomerPage, WalletBalance } from './customer-answers.ts';

const documented = deskDocumenter('Customers');

/**
 * Customers (customers.read), their wallet (wallet.credit; a debit also needs wallet.debit, checked by the service)
 * and the cash-on-delivery flag (customers.flag).
 */
export const adminCustomerRoutes = new Hono<ApiEnv>()
  .get(
    '/customers',
    documented('Find customers', { 200: done('A page of customers.', CustomerPage) }),
    requireStaff('customers.read'),
    validate('query', CustomerSearchSchema),
    async (c) => {
      const q = c.req.valid('query');
      return c.json({ data: await searchCustomers(c.get('db'), { q: q.q ?? '', page: q.page }) });
    },
  )
  .get(
    '/customers/:id',
    documented('A customer: orders, wallet, flags', { 200: done('The customer.', Customer), 404: missing('customer') }),
    requireStaff('customers.read'),
    async (c) => c.json({ data: await customerProfile(c.get('db'), idParam(c, 'adminMoney.customerNotFound'), c.get('locale')) }),
  )
  .post(
    '/customers/:id/wallet',
    documented("Credit or debit a customer's wallet", {
      200: done('The wallet.', WalletBalance),
      201: done('The wallet.', WalletBalance),
      404: missing('customer'),
      409: stale,
    }),
    requireStaff('wallet.credit'),
    validate('json', WalletAdjustmentSchema),
    async (c) => {
      const body = c.req.valid('json');
      const result = await adjustWallet(
        c.get('db'),
        {
          userId: idParam(c, 'adminMoney.customerNotFound'),
          direction: body.direction,
          amount: body.amount,
          reason: body.reason,
        },
        c.get('staff'),
      );
      return c.json({ data: result });
    },
  )
  .post(
    '/customers/:id/cod-flag',
    documented('Block or allow cash on delivery for a customer', {
      200: done('The customer.', CodFlag),
      404: missing('customer'),
    }),
    requireStaff('customers.flag'),
    validate('json', CodFlagSchema),
    async (c) => {
      const body = c.req.valid('json');
      return c.json({
        data: await setCodFlag(c.get('db'), { userId: idParam(c, 'adminMoney.customerNotFound'), ...body }, c.get('staff')),
      });
    },
  );
