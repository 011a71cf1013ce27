import { Hono } from 'hono';
import * as z from 'zod/mini';
import { ProductsQuerySchema } from '#lib/schemas/products-query.ts';
import { checkCategory, listCategories } from '../services/catalog/categories.ts';
import { findProduct, listProducts, listVariants } from '../services/catalog/products.ts';
import { findSeller } from '../services/catalog/sellers.ts';
import type { ApiEnv } from './context.ts';
import { fieldProblem, Problem } from '../problem.ts';
import { validate } from './validation.ts';
import { documenter, ok, refused } from './openapi/describe.ts';
import { Category, PageMeta, ProductCard, Seller } from './openapi/shapes.ts';

const documented = documenter('Catalog');

const IdParam = z.object({ id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });
const pathText = z.string().check(z.minLength(1), z.maxLength(200));
const SlugParam = z.object({ slug: pathText });
const IdOrSlugParam = z.object({ id: pathText });

/** Catalog reads: categories, products, variants, sellers. */
export const catalogRoutes = new Hono<ApiEnv>()
  .get(
    '/categories',
    documented({
      summary: 'Categories in shop order, with their sub-categories',
      description: 'Sub-categories sort alphabetically (Arabic collation) in Arabic; `show_sub=false` leaves them out.',
      responses: { 200: ok('The categories.', z.array(Category)) },
    }),
    validate('query', z.object({ show_sub: z.optional(z.enum(['true', 'false'])) })),
    async (c) => {
      const { show_sub } = c.req.valid('query');
      return c.json({ data: await listCategories(c.get('db'), c.get('locale'), show_sub !== 'false') });
    },
  )
  .get(
    '/products',
    documented({
      summary: 'A page of product cards: filtered, searched, sorted',
      description: 'With `query`, the search engine (Arabic-aware, synonyms, typo tolerant) ranks them (`best_match`).',
      responses: {
        200: ok('A page of product cards.', z.array(ProductCard), { meta: PageMeta }),
        422: refused('An invalid parameter, an unknown category, or a sub-category outside the category.'),
      },
    }),
    validate('query', ProductsQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const problem = await checkCategory(c.get('db'), query.category, query.subCategory);
      if (problem) {
        throw fieldProblem(422, `api.${problem}`, problem === 'unknownCategory' ? 'category' : 'subCategory');
      }
      return c.json(await listProducts(c.get('db'), query, c.get('locale')));
    },
  )
  .get(
    '/products/:slug',
    documented({
      summary: 'A product by slug or numeric id',
      responses: { 200: ok('The product card with its description.', ProductCard), 404: refused('No such product.') },
    }),
    validate('param', SlugParam),
    async (c) => {
      const product = await findProduct(c.get('db'), c.req.valid('param').slug, c.get('locale'));
      if (!product) throw new Problem(404, 'api.productNotFound');
      return c.json({ data: product });
    },
  )
  .get(
    '/variants/:id',
    documented({
      summary: "A product's variants, lightest first (the product itself included)",
      responses: { 200: ok('The variants.', z.array(ProductCard)), 404: refused('No such product.') },
    }),
    validate('param', IdParam),
    async (c) => {
      const variants = await listVariants(c.get('db'), c.req.valid('param').id, c.get('locale'));
      if (!variants) throw new Problem(404, 'api.productNotFound');
      return c.json({ data: variants });
    },
  )
  .get(
    '/vendor_details/:id',
    documented({
      summary: 'A seller (brand) by id or slug',
      operationId: 'getSeller',
      responses: { 200: ok('The seller.', Seller), 404: refused('No such seller.') },
    }),
    validate('param', IdOrSlugParam),
    async (c) => {
      const seller = await findSeller(c.get('db'), c.req.valid('param').id, c.get('locale'));
      if (!seller) throw new Problem(404, 'api.sellerNotFound');
      return c.json({ data: seller });
    },
  );
