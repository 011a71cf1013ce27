import { Hono } from 'hono';
import {
  CancelOrderSchema,
  IdempotencyHeaderSchema,
  OrderIdParamSchema,
  OrderSummaryQuerySchema,
  PlaceOrderSchema,
} from '#lib/schemas/orders.ts';
import { cancelOrder } from '#core/orders/server/cancel-order.ts';
import { placeOrder } from '../services/orders/place-order.ts';
import { getOwnOrder, listOwnOrders } from '../services/orders/read-orders.ts';
import { reorder } from '../services/orders/reorder.ts';
import { orderSummary } from '../services/orders/summary.ts';
import type { ApiEnv } from './context.ts';
import { requireUser } from './require-user.ts';
import { validate } from './validation.ts';
import * as z from 'zod/mini';
import { documenter, ok, refused } from './openapi/describe.ts';
import { Order, OrderSummary } from './openapi/shapes.ts';

const documented = documenter('Orders');

/** Orders of the logged-in shopper (issue 11; docs/orders.md). Every route is owner-only. */
export const orderRoutes = new Hono<ApiEnv>()
  .use('/orders', requireUser)
  .use('/orders/*', requireUser)
  .use('/reorder/*', requireUser)
  .get(
    '/orders/summary',
    documented({
      summary: 'What an order of these lines would cost: items, discounts, delivery, wallet, total',
      responses: {
        200: ok('The priced order.', OrderSummary),
        404: refused("Someone else's (or no such) address."),
        422: refused('Invalid input or coupon.'),
      },
    }),
    validate('query', OrderSummaryQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const choice = {
        products: query.products,
        address_id: query.address_id,
        governorate_id: query.governorate_id,
        coupon: query.coupon || undefined,
        payment_method: query.payment_method,
        use_wallet: query.use_wallet === 'true' || query.use_wallet === '1',
      };
      return c.json({ data: await orderSummary(c.get('db'), c.get('userId'), choice, c.get('locale')) });
    },
  )
  .post(
    '/orders',
    documented({
      summary: 'Place an order',
      description:
        'Prices, discounts, fees and totals are computed on the server. With `Idempotency-Key`, a retry with the same key answers the same order (200, `replayed: true`).',
      responses: {
        200: ok('The same key again: the order placed before.', Order),
        201: ok('Placed.', Order),
        404: refused("Someone else's (or no such) address."),
        409: refused('Unknown products or not enough stock (`detail.products`); nothing written.'),
        422: refused(
          'No address or payment method, an invalid coupon, an empty cart, the wallet short of the total, the key reused with another body.',
        ),
      },
    }),
    validate('header', IdempotencyHeaderSchema),
    validate('json', PlaceOrderSchema),
    async (c) => {
      const { userId, locale, db } = { userId: c.get('userId'), locale: c.get('locale'), db: c.get('db') };
      const idempotencyKey = c.req.valid('header')['idempotency-key'];
      const placed = await placeOrder(db, { userId, locale, choice: c.req.valid('json'), idempotencyKey });
      const order = await getOwnOrder(db, userId, placed.orderId, locale);
      return c.json({ data: { ...order, replayed: placed.replayed } }, placed.replayed ? 200 : 201);
    },
  )
  .get(
    '/orders',
    documented({
      summary: "The shopper's orders, newest first (up to 100)",
      responses: { 200: ok('The orders.', z.array(Order)) },
    }),
    async (c) => c.json({ data: await listOwnOrders(c.get('db'), c.get('userId'), c.get('locale')) }),
  )
  .get(
    '/orders/:id',
    documented({
      summary: "One of the shopper's orders",
      responses: { 200: ok('The order.', Order), 404: refused('No such order of this shopper.') },
    }),
    validate('param', OrderIdParamSchema),
    async (c) => c.json({ data: await getOwnOrder(c.get('db'), c.get('userId'), c.req.valid('param').id, c.get('locale')) }),
  )
  .post(
    '/orders/:id/cancel',
    documented({
      summary: 'Cancel an order (PENDING, PLACED or ACCEPT); a verified payment is refunded',
      responses: {
        200: ok('The cancelled order.', Order),
        404: refused('No such order of this shopper.'),
        409: refused('The order can no longer be cancelled.'),
      },
    }),
    validate('param', OrderIdParamSchema),
    validate('query', CancelOrderSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await cancelOrder(c.get('db'), {
        orderId: id,
        userId: c.get('userId'),
        actor: 'shopper',
        refundTo: c.req.valid('query').refund_to,
      });
      return c.json({ data: await getOwnOrder(c.get('db'), c.get('userId'), id, c.get('locale')) });
    },
  )
  .post(
    '/reorder/:id',
    documented({
      summary: "An order's lines at today's prices, for the cart",
      responses: {
        200: ok(
          'The lines and what changed since.',
          z.looseObject({ items: z.array(z.unknown()), changes: z.array(z.unknown()) }),
        ),
        404: refused('No such order of this shopper.'),
      },
    }),
    validate('param', OrderIdParamSchema),
    async (c) => c.json({ data: await reorder(c.get('db'), c.get('userId'), c.req.valid('param').id, c.get('locale')) }),
  );
