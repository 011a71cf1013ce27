import { Hono } from 'hono';
import type { Context } from 'hono';
import { CreateCourierSchema, RemittanceQuerySchema, RemittanceSchema, UpdateCourierSchema } from '#lib/schemas/admin-cash.ts';
import { unremittedOrders, cashByCourier, NO_CASH } from './cash-outstanding.ts';
import { createCourier, listCouriers, readCourier, updateCourier } from './couriers.ts';
import { listRemittances, recordRemittance } from './remittances.ts';
import { readDashboard } from '../../dashboard/server/dashboard.ts';
import { Problem } from '#server/problem.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { Courier, CourierStatement, Couriers, Dashboard, Remittance, Remittances } from './courier-answers.ts';

const documented = deskDocumenter('Cash');

const courierId = (c: Context<ApiEnv>) => idParam(c, 'adminCash.courierNotFound');

/** Couriers, the cash they owe, finance's remittances, and the dashboard's figures (issue 22). */
export const adminCashRoutes = new Hono<ApiEnv>()
  .get(
    '/couriers',
    documented('The couriers and the cash each holds', { 200: done('The couriers.', Couriers) }),
    requireStaff('cash.read'),
    async (c) => c.json({ data: await listCouriers(c.get('db')) }),
  )
  .post(
    '/couriers',
    documented('Add a courier', { 201: done('The courier.', Courier), 409: stale }),
    requireStaff('couriers.manage'),
    validate('json', CreateCourierSchema),
    async (c) => c.json({ data: await createCourier(c.get('db'), c.req.valid('json'), c.get('staff')) }, 201),
  )
  .patch(
    '/couriers/:id',
    documented('Change a courier', { 200: done('The courier.', Courier), 404: missing('courier'), 409: stale }),
    requireStaff('couriers.manage'),
    validate('json', UpdateCourierSchema),
    async (c) => c.json({ data: await updateCourier(c.get('db'), courierId(c), c.req.valid('json'), c.get('staff')) }),
  )
  .get(
    '/couriers/:id/cash',
    documented("A courier's cash: collected, remitted, held", {
      200: done('The statement.', CourierStatement),
      404: missing('courier'),
    }),
    requireStaff('cash.read'),
    async (c) => {
      const db = c.get('db');
      const id = courierId(c);
      const courier = await readCourier(db, id);
      if (!courier) throw new Problem(404, 'adminCash.courierNotFound');
      const now = new Date();
      const [cash, orders] = await Promise.all([cashByCourier(db, now), unremittedOrders(db, id, now)]);
      return c.json({ data: { courier, cash: cash.get(id) ?? NO_CASH, orders } });
    },
  )
  .get(
    '/remittances',
    documented('Remittances of couriers', { 200: done('A page of remittances.', Remittances) }),
    requireStaff('cash.read'),
    validate('query', RemittanceQuerySchema),
    async (c) => c.json({ data: await listRemittances(c.get('db'), { courierId: c.req.valid('query').courier }) }),
  )
  .post(
    '/remittances',
    documented("Record a courier's remittance", {
      201: done('The remittance.', Remittance),
      404: missing('courier'),
      409: stale,
    }),
    requireStaff('cash.remit'),
    validate('json', RemittanceSchema),
    async (c) => {
      const body = c.req.valid('json');
      const remittance = await recordRemittance(
        c.get('db'),
        {
          courierId: body.courier_id,
          orderIds: body.order_ids,
          amount: body.amount,
          note: body.note,
          settleDifference: body.settle_difference,
          writeOffReason: body.write_off_reason,
        },
        c.get('staff'),
      );
      return c.json({ data: remittance }, 201);
    },
  )
  .get(
    '/dashboard',
    documented("The desk's dashboard figures", { 200: done('The figures.', Dashboard) }),
    requireStaff('dashboard.read'),
    async (c) => c.json({ data: await readDashboard(c.get('db')) }),
  );
