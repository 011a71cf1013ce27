import { Hono } from 'hono';
import {
  CancelOrderSchema,
  IdempotencyHeaderSchema,
  OrderIdParamSchema,
  OrderSummaryQuerySchema,
  PlaceOrderSchema,
} from '../../lib/schemas/orders.ts';
import { cancelOrder } from '../services/orders/cancel-order.ts';
import { placeOrder } from '../services/orders/place-order.ts';
import { getOwnOrder, listOwnOrders } from '../services/orders/read-orders.ts';
import { reorder } from '../services/orders/reorder.ts';
import { orderSummary } from '../services/orders/summary.ts';
import type { ApiEnv } from './context.ts';
import { requireUser } from './require-user.ts';
import { validate } from './validation.ts';

/** Orders of the logged-in shopper (issue 11; docs/orders.md). Every route is owner-only. */
export const orderRoutes = new Hono<ApiEnv>()
  .use('/orders', requireUser)
  .use('/orders/*', requireUser)
  .use('/reorder/*', requireUser)
  .get('/orders/summary', validate('query', OrderSummaryQuerySchema), async (c) => {
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
  })
  .post('/orders', validate('header', IdempotencyHeaderSchema), validate('json', PlaceOrderSchema), async (c) => {
    const { userId, locale, db } = { userId: c.get('userId'), locale: c.get('locale'), db: c.get('db') };
    const idempotencyKey = c.req.valid('header')['idempotency-key'];
    const placed = await placeOrder(db, { userId, locale, choice: c.req.valid('json'), idempotencyKey });
    const order = await getOwnOrder(db, userId, placed.orderId, locale);
    return c.json({ data: { ...order, replayed: placed.replayed } }, placed.replayed ? 200 : 201);
  })
  .get('/orders', async (c) => c.json({ data: await listOwnOrders(c.get('db'), c.get('userId'), c.get('locale')) }))
  .get('/orders/:id', validate('param', OrderIdParamSchema), async (c) =>
    c.json({ data: await getOwnOrder(c.get('db'), c.get('userId'), c.req.valid('param').id, c.get('locale')) }),
  )
  .post('/orders/:id/cancel', validate('param', OrderIdParamSchema), validate('query', CancelOrderSchema), async (c) => {
    const { id } = c.req.valid('param');
    await cancelOrder(c.get('db'), {
      orderId: id,
      userId: c.get('userId'),
      actor: 'shopper',
      refundTo: c.req.valid('query').refund_to,
    });
    return c.json({ data: await getOwnOrder(c.get('db'), c.get('userId'), id, c.get('locale')) });
  })
  .post('/reorder/:id', validate('param', OrderIdParamSchema), async (c) =>
    c.json({ data: await reorder(c.get('db'), c.get('userId'), c.req.valid('param').id, c.get('locale')) }),
  );
