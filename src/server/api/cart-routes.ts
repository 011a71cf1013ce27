import { Hono } from 'hono';
import { CartQuoteSchema } from '#lib/schemas/cart.ts';
import { quoteCart } from '../services/cart/quote.ts';
import type { ApiEnv } from './context.ts';
import { validate } from './validation.ts';
import { documented, ok } from './openapi/describe.ts';
import { Cart } from './openapi/shapes.ts';

/** Cart reads for every shopper: live prices and stock of many products at once (no account needed). */
export const cartRoutes = new Hono<ApiEnv>().post(
  '/cart/quote',
  documented({
    summary: 'Live price and stock of many products at once (no token)',
    tags: ['Cart'],
    responses: { 200: ok('The priced lines and totals.', Cart) },
  }),
  validate('json', CartQuoteSchema),
  async (c) => c.json({ data: await quoteCart(c.get('db'), c.req.valid('json'), c.get('locale')) }),
);
