import { Hono } from 'hono';
import * as z from 'zod/mini';
import { CartQuoteSchema } from '#lib/schemas/cart.ts';
import { readCart, removeCartLine, replaceCart } from '../services/cart/shopper-cart.ts';
import { readWishlist, toggleWishlist } from '../services/wishlist/wishlist.ts';
import type { ApiEnv } from './context.ts';
import { requireUser } from './require-user.ts';
import { validate } from './validation.ts';
import { documenter, ok, refused } from './openapi/describe.ts';
import { Cart, ProductCard } from './openapi/shapes.ts';

const documented = documenter('Cart');

const ProductParam = z.object({ product_id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });

/**
 * The logged-in shopper's cart and wishlist (spec section 7). Every route acts on the token's shopper only:
 * no id sent by the client ever names whose cart or wishlist it is.
 */
export const shopperCartRoutes = new Hono<ApiEnv>()
  .use('/shopping-cart', requireUser)
  .use('/shopping-cart/*', requireUser)
  .use('/wishlist', requireUser)
  .use('/wishlist/*', requireUser)
  .get(
    '/shopping-cart',
    documented({ summary: "The shopper's cart, priced now", responses: { 200: ok('The cart.', Cart) } }),
    async (c) => c.json({ data: await readCart(c.get('db'), c.get('userId'), c.get('locale')) }),
  )
  .post(
    '/shopping-cart',
    documented({
      summary: "Replace the shopper's whole cart",
      responses: {
        200: ok('The cart as saved.', Cart),
        422: refused('Unknown products, quantities above the stock, repeats (`errors` per line); nothing changed.'),
      },
    }),
    validate('json', CartQuoteSchema),
    async (c) => c.json({ data: await replaceCart(c.get('db'), c.get('userId'), c.req.valid('json'), c.get('locale')) }),
  )
  .delete(
    '/shopping-cart/:product_id',
    documented({
      summary: "Remove a product's line from the cart",
      responses: { 200: ok('The cart.', Cart), 404: refused('No such product.') },
    }),
    validate('param', ProductParam),
    async (c) =>
      c.json({
        data: await removeCartLine(c.get('db'), c.get('userId'), c.req.valid('param').product_id, c.get('locale')),
      }),
  )
  .get(
    '/wishlist',
    documented({
      summary: "The shopper's wishlist, most recent first",
      responses: { 200: ok('Product cards.', z.array(ProductCard)) },
    }),
    async (c) => c.json({ data: await readWishlist(c.get('db'), c.get('userId'), c.get('locale')) }),
  )
  .post(
    '/wishlist/:product_id',
    documented({
      summary: 'Add a product to the wishlist, or remove it when it is there',
      responses: {
        200: ok('Whether it is listed now.', z.object({ product_id: z.number(), listed: z.boolean() })),
        404: refused('No such product.'),
      },
    }),
    validate('param', ProductParam),
    async (c) => {
      const productId = c.req.valid('param').product_id;
      const listed = await toggleWishlist(c.get('db'), c.get('userId'), productId);
      const t = c.get('t').wishlist;
      return c.json({ data: { product_id: productId, listed }, message: listed ? t.added : t.removed });
    },
  );
