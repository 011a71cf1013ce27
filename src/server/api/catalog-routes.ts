import { Hono } from 'hono';
import * as z from 'zod/mini';
import { ProductsQuerySchema } from '../../lib/schemas/products-query.ts';
import { checkCategory, listCategories } from '../services/catalog/categories.ts';
import { findProduct, listProducts, listVariants } from '../services/catalog/products.ts';
import { findSeller } from '../services/catalog/sellers.ts';
import type { ApiEnv } from './context.ts';
import { fieldProblem, Problem } from '../problem.ts';
import { validate } from './validation.ts';

const IdParam = z.object({ id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });
const pathText = z.string().check(z.minLength(1), z.maxLength(200));
const SlugParam = z.object({ slug: pathText });
const IdOrSlugParam = z.object({ id: pathText });

/** Catalog reads: categories, products, variants, sellers. */
export const catalogRoutes = new Hono<ApiEnv>()
  .get('/categories', validate('query', z.object({ show_sub: z.optional(z.enum(['true', 'false'])) })), async (c) => {
    const { show_sub } = c.req.valid('query');
    return c.json({ data: await listCategories(c.get('db'), c.get('locale'), show_sub !== 'false') });
  })
  .get('/products', validate('query', ProductsQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const problem = await checkCategory(c.get('db'), query.category, query.subCategory);
    if (problem) {
      throw fieldProblem(422, `api.${problem}`, problem === 'unknownCategory' ? 'category' : 'subCategory');
    }
    return c.json(await listProducts(c.get('db'), query, c.get('locale')));
  })
  .get('/products/:slug', validate('param', SlugParam), async (c) => {
    const product = await findProduct(c.get('db'), c.req.valid('param').slug, c.get('locale'));
    if (!product) throw new Problem(404, 'api.productNotFound');
    return c.json({ data: product });
  })
  .get('/variants/:id', validate('param', IdParam), async (c) => {
    const variants = await listVariants(c.get('db'), c.req.valid('param').id, c.get('locale'));
    if (!variants) throw new Problem(404, 'api.productNotFound');
    return c.json({ data: variants });
  })
  .get('/vendor_details/:id', validate('param', IdOrSlugParam), async (c) => {
    const seller = await findSeller(c.get('db'), c.req.valid('param').id, c.get('locale'));
    if (!seller) throw new Problem(404, 'api.sellerNotFound');
    return c.json({ data: seller });
  });
