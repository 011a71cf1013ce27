import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { Problem } from '#server/problem.ts';
import { done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { idParam } from '#server/api/params.ts';
import { photoBodyLimit, photoUploadResponses, receivePhoto } from '#desk/catalog/server/photo-upload.ts';
import { csvBodyLimit, csvImportResponses, receiveCsv } from '#desk/catalog/server/csv-upload.ts';
import { catalogChoices } from '#desk/catalog/server/product-editor.ts';
import { clientAddress } from '#server/api/session-cookie.ts';
import { requireSeller } from '../../accounts/server/require-seller.ts';
import { sellerActor } from '#core/actors/server/seller-actor.ts';
import { sellerDocumenter } from '../../portal/server/seller-docs.ts';
import { SellerProductInputSchema } from '../seller-product-input.ts';
import { listSellerChanges, listSellerProducts } from './seller-product-list.ts';
import { createSellerProduct, sellerProduct, updateSellerProduct, type SellerActor } from './seller-products.ts';
import { importSellerCsv } from './seller-import.ts';
import type { Context } from 'hono';
import { CreatedProduct, EditableProduct } from '#desk/catalog/server/catalog-answers.ts';
import { CategoryChoices, SellerChanges, SellerProductPage } from './seller-catalog-answers.ts';

const documented = sellerDocumenter('Seller catalog');
const notFound = 'sellerCatalog.productNotFound' as const;
const actorOf = (c: Context<ApiEnv>) => sellerActor(c.get('seller'), clientAddress(c)) as SellerActor;
const PageQuery = z.object({ page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1) });

/**
 * The seller's catalog (issue 40, docs/sellers.md "Catalog"): their products (only theirs: another seller's id is
 * 404), new products and changes waiting for staff, photos through the desk's image pipeline, the CSV import.
 */
export const sellerCatalogRoutes = new Hono<ApiEnv>()
  .get(
    '/products',
    documented("The seller's products, each with its open change", { 200: done('A page of products.', SellerProductPage) }),
    requireSeller('products.read'),
    validate('query', PageQuery),
    async (c) => c.json({ data: await listSellerProducts(c.get('db'), c.get('seller').sellerId, c.req.valid('query').page) }),
  )
  .get(
    '/products/changes',
    documented("The seller's catalog changes and what staff decided", { 200: done('The changes, newest first.', SellerChanges) }),
    requireSeller('products.read'),
    async (c) => c.json({ data: await listSellerChanges(c.get('db'), c.get('seller').sellerId) }),
  )
  .get(
    '/products/choices',
    documented('Categories and sub-categories for the product form', { 200: done('The categories.', CategoryChoices) }),
    requireSeller('products.read'),
    async (c) => c.json({ data: { categories: (await catalogChoices(c.get('db'), c.get('locale'))).categories } }),
  )
  .post(
    '/media/products',
    documented('Upload a product photo (multipart `file`), through the desk’s image pipeline', photoUploadResponses),
    requireSeller('products.manage'),
    photoBodyLimit,
    receivePhoto,
  )
  .post(
    '/products/import',
    documented('Import the seller’s products from CSV (multipart `file`; `dry_run=0` writes)', csvImportResponses),
    requireSeller('products.manage'),
    csvBodyLimit,
    receiveCsv((c, text, dryRun) => importSellerCsv(c.get('db'), actorOf(c), text, dryRun)),
  )
  .post(
    '/products',
    documented('Create a product (hidden until staff approve it, unless the seller is trusted)', {
      201: done('The product.', CreatedProduct),
      409: stale,
    }),
    requireSeller('products.manage'),
    validate('json', SellerProductInputSchema),
    async (c) => c.json({ data: await createSellerProduct(c.get('db'), actorOf(c), c.req.valid('json')) }, 201),
  )
  .get(
    '/products/:id',
    documented("One of the seller's products, for editing", {
      200: done('The product.', EditableProduct),
      404: missing('product'),
    }),
    requireSeller('products.read'),
    async (c) => {
      const product = await sellerProduct(c.get('db'), c.get('seller').sellerId, idParam(c, notFound));
      if (!product) throw new Problem(404, notFound);
      return c.json({ data: product });
    },
  )
  .put(
    '/products/:id',
    documented('Save a product (stock at once; names, descriptions, photos, prices wait for staff)', {
      200: done('The product as the shop shows it.', EditableProduct),
      404: missing('product'),
      409: stale,
    }),
    requireSeller('products.manage'),
    validate('json', SellerProductInputSchema),
    async (c) => {
      const id = idParam(c, notFound);
      await updateSellerProduct(c.get('db'), actorOf(c), id, c.req.valid('json'));
      return c.json({ data: await sellerProduct(c.get('db'), c.get('seller').sellerId, id) });
    },
  );
