import { Hono } from 'hono';
import {
  BulkMoveSchema,
  CallSchema,
  DeskQuerySchema,
  FailedDeliverySchema,
  MoveSchema,
  NoteSchema,
} from '#lib/schemas/admin-orders.ts';
import { confirmationQueue, logConfirmationCall } from './confirmation-calls.ts';
import { deskFilterOf, listDeskOrders } from './desk-list.ts';
import { moveOrder, recordFailedDelivery } from '#core/orders/server/order-moves.ts';
import { readDeskOrder } from './desk-order.ts';
import { addOrderNote } from './order-notes.ts';
import { Problem, problemText } from '#server/problem.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { BulkMoveResults, ConfirmationQueue, DeskOrder, DeskOrderPage, LoggedCall, MovedOrder, Noted } from './order-answers.ts';

const documented = deskDocumenter('Orders');

/** The orders desk (issue 22): the list, one order, its moves (single and in bulk), notes, and the COD calls. */
export const adminOrderRoutes = new Hono<ApiEnv>()
  .get(
    '/orders',
    documented('The order desk: orders by status, search, page', { 200: done('A page of orders.', DeskOrderPage) }),
    requireStaff('orders.read'),
    validate('query', DeskQuerySchema),
    async (c) => {
      const result = await listDeskOrders(c.get('db'), deskFilterOf(c.req.valid('query')));
      return c.json({ data: result });
    },
  )
  .get(
    '/orders/:id',
    documented('One order with its history, notes and calls', { 200: done('The order.', DeskOrder), 404: missing('order') }),
    requireStaff('orders.read'),
    async (c) => {
      const order = await readDeskOrder(c.get('db'), idParam(c, 'admin.orderNotFound'));
      if (!order) throw new Problem(404, 'admin.orderNotFound');
      return c.json({ data: order });
    },
  )
  .post(
    '/orders/bulk-move',
    documented('Move many orders to the next status', { 200: done('What moved and what was refused.', BulkMoveResults) }),
    requireStaff('orders.work'),
    validate('json', BulkMoveSchema),
    async (c) => {
      const body = c.req.valid('json');
      const t = c.get('t');
      // One transaction per order: one order refused (moved on meanwhile) does not hold back the others.
      const results = [];
      for (const order of body.orders) {
        try {
          const moved = await moveOrder(
            c.get('db'),
            { orderId: order.id, from: order.from, to: body.to, reason: body.reason, courierId: body.courier_id },
            c.get('staff'),
          );
          results.push({ id: order.id, ok: true, status: moved.status });
        } catch (error) {
          if (!(error instanceof Problem)) throw error;
          results.push({ id: order.id, ok: false, message: problemText(t, error.code, error.values) });
        }
      }
      return c.json({ data: results });
    },
  )
  .post(
    '/orders/:id/move',
    documented('Move an order to a status', { 200: done('The order.', MovedOrder), 404: missing('order'), 409: stale }),
    requireStaff('orders.work'),
    validate('json', MoveSchema),
    async (c) => {
      const body = c.req.valid('json');
      const moved = await moveOrder(
        c.get('db'),
        {
          orderId: idParam(c, 'admin.orderNotFound'),
          from: body.from,
          to: body.to,
          reason: body.reason,
          courierId: body.courier_id,
          trackingNumber: body.tracking_number,
        },
        c.get('staff'),
      );
      return c.json({ data: moved });
    },
  )
  .post(
    '/orders/:id/failed-delivery',
    documented('Record a failed delivery attempt', { 200: done('The order.', MovedOrder), 404: missing('order'), 409: stale }),
    requireStaff('orders.work'),
    validate('json', FailedDeliverySchema),
    async (c) => {
      const body = c.req.valid('json');
      return c.json({
        data: await recordFailedDelivery(
          c.get('db'),
          { orderId: idParam(c, 'admin.orderNotFound'), reason: body.reason, outcome: body.outcome },
          c.get('staff'),
        ),
      });
    },
  )
  .post(
    '/orders/:id/notes',
    documented('Add a note to an order', { 201: done('Noted.', Noted), 404: missing('order') }),
    requireStaff('orders.work'),
    validate('json', NoteSchema),
    async (c) => {
      await addOrderNote(c.get('db'), idParam(c, 'admin.orderNotFound'), c.req.valid('json').body, c.get('staff'));
      return c.json({ data: { ok: true } }, 201);
    },
  )
  .get(
    '/confirmations',
    documented('The cash-on-delivery confirmation calls due', { 200: done('The queue.', ConfirmationQueue) }),
    requireStaff('orders.work'),
    async (c) => c.json({ data: await confirmationQueue(c.get('db')) }),
  )
  .post(
    '/orders/:id/calls',
    documented("Record a confirmation call's outcome", {
      201: done('The call and the order.', LoggedCall),
      404: missing('order'),
      409: stale,
    }),
    requireStaff('orders.work'),
    validate('json', CallSchema),
    async (c) => {
      const body = c.req.valid('json');
      const result = await logConfirmationCall(
        c.get('db'),
        { orderId: idParam(c, 'admin.orderNotFound'), outcome: body.outcome, callBackAt: body.call_back_at, note: body.note },
        c.get('staff'),
      );
      return c.json({ data: result }, 201);
    },
  );
