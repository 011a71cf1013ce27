import { Hono } from 'hono';
import type { Context } from 'hono';
import {
  CreateCourierSchema,
  RemittanceQuerySchema,
  RemittanceSchema,
  UpdateCourierSchema,
} from '../../../lib/schemas/admin-cash.ts';
import { unremittedOrders, cashByCourier, NO_CASH } from '../../admin/couriers/cash-outstanding.ts';
import { createCourier, listCouriers, readCourier, updateCourier } from '../../admin/couriers/couriers.ts';
import { listRemittances, recordRemittance } from '../../admin/couriers/remittances.ts';
import { readDashboard } from '../../admin/dashboard.ts';
import { Problem } from '../../problem.ts';
import type { ApiEnv } from '../context.ts';
import { validate } from '../validation.ts';
import { idParam } from './params.ts';
import { requireStaff } from './require-staff.ts';

const courierId = (c: Context<ApiEnv>) => idParam(c, 'adminCash.courierNotFound');

/** Couriers, the cash they owe, finance's remittances, and the dashboard's figures (issue 22). */
export const adminCashRoutes = new Hono<ApiEnv>()
  .get('/couriers', requireStaff('cash.read'), async (c) => c.json({ data: await listCouriers(c.get('db')) }))
  .post('/couriers', requireStaff('couriers.manage'), validate('json', CreateCourierSchema), async (c) =>
    c.json({ data: await createCourier(c.get('db'), c.req.valid('json'), c.get('staff')) }, 201),
  )
  .patch('/couriers/:id', requireStaff('couriers.manage'), validate('json', UpdateCourierSchema), async (c) =>
    c.json({ data: await updateCourier(c.get('db'), courierId(c), c.req.valid('json'), c.get('staff')) }),
  )
  .get('/couriers/:id/cash', requireStaff('cash.read'), async (c) => {
    const db = c.get('db');
    const id = courierId(c);
    const courier = await readCourier(db, id);
    if (!courier) throw new Problem(404, 'adminCash.courierNotFound');
    const now = new Date();
    const [cash, orders] = await Promise.all([cashByCourier(db, now), unremittedOrders(db, id, now)]);
    return c.json({ data: { courier, cash: cash.get(id) ?? NO_CASH, orders } });
  })
  .get('/remittances', requireStaff('cash.read'), validate('query', RemittanceQuerySchema), async (c) =>
    c.json({ data: await listRemittances(c.get('db'), { courierId: c.req.valid('query').courier }) }),
  )
  .post('/remittances', requireStaff('cash.remit'), validate('json', RemittanceSchema), async (c) => {
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
  })
  .get('/dashboard', requireStaff('dashboard.read'), async (c) => c.json({ data: await readDashboard(c.get('db')) }));
