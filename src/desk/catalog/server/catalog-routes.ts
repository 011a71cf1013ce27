import { Hono } from 'hono';
import { Problem } from '#server/problem.ts';
import {
  CategoryInputSchema,
  MoveSchema,
  ProductGridChangesSchema,
  ProductGridQuery,
  ProductInputSchema,
} from '#lib/schemas/admin-catalog.ts';
import { createCategory, deskCategories, moveCategory, renameCategory, type CategoryKind } from './categories.ts';
import { createProduct, editableProduct, updateProduct } from './product-editor.ts';
import { catalogCsv } from './csv-export.ts';
import { importCatalogCsv } from './csv-import.ts';
import { listGridProducts, saveGridChanges } from './product-grid.ts';
import { stockHistory } from './stock-history.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { streamedDownload } from '#server/api/streamed-download.ts';
import { photoBodyLimit, photoUploadResponses, receivePhoto } from './photo-upload.ts';
import { csvBodyLimit, csvImportResponses, receiveCsv } from './csv-upload.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { media } from '#server/api/openapi/describe.ts';
import {
  CategoryTree,
  CreatedCategory,
  CreatedProduct,
  EditableProduct,
  ProductGridPage,
  SavedGridRows,
  StockMovements,
} from './catalog-answers.ts';
const documented = deskDocumenter('Catalog');

/**
 * Products (issue 23), for members with catalog.manage: the grid's pages and saves, creating and editing a product, its
 * photos' upload, its stock history.
 */
export const adminCatalogRoutes = new Hono<ApiEnv>()
  .get(
    '/products',
    documented('The product grid: search, filter, page', { 200: done('A page of products.', ProductGridPage) }),
    requireStaff('catalog.manage'),
    validate('query', ProductGridQuery),
    async (c) => {
      const { q, page } = c.req.valid('query');
      return c.json({ data: await listGridProducts(c.get('db'), c.get('locale'), q, page) });
    },
  )
  .patch(
    '/products',
    documented('Save edits from the product grid (many products at once)', {
      200: done('What was saved.', SavedGridRows),
      404: missing('product'),
      409: stale,
    }),
    requireStaff('catalog.manage'),
    validate('json', ProductGridChangesSchema),
    async (c) => c.json({ data: await saveGridChanges(c.get('db'), c.get('locale'), c.req.valid('json'), c.get('staff')) }),
  )
  // One photo per request; its variants are made here, once.
  .post(
    '/media/products',
    documented('Upload a product photo (multipart `photo`)', photoUploadResponses),
    requireStaff('catalog.manage'),
    photoBodyLimit,
    receivePhoto,
  )
  // The whole catalog as CSV, streamed (the columns import reads).
  .get(
    '/products/export.csv',
    documented('The catalog as CSV', { 200: media('The CSV file.', 'text/csv') }),
    requireStaff('catalog.manage'),
    async (c) => {
      // The header is made (the slugs read) before the answer starts; a later failure ends the connection.
      const stream = await streamedDownload(catalogCsv(c.get('db')));
      return c.body(stream, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="catalog-${new Date().toISOString().slice(0, 10)}.csv"`,
      });
    },
  )
  // A CSV (multipart `file`, at most 10 MB): `dry_run=1` reports row by row what would happen; without it, all or nothing.
  .post(
    '/products/import',
    documented('Import products from CSV (multipart `file`)', csvImportResponses),
    requireStaff('catalog.manage'),
    csvBodyLimit,
    receiveCsv((c, text, dryRun) => importCatalogCsv(c.get('db'), text, dryRun, c.get('staff'))),
  )
  .post(
    '/products',
    documented('Create a product', { 201: done('The product.', CreatedProduct), 404: missing('category or seller'), 409: stale }),
    requireStaff('catalog.manage'),
    validate('json', ProductInputSchema),
    async (c) => c.json({ data: await createProduct(c.get('db'), c.req.valid('json'), c.get('staff')) }, 201),
  )
  .get(
    '/products/:id',
    documented('A product for editing', { 200: done('The product.', EditableProduct), 404: missing('product') }),
    requireStaff('catalog.manage'),
    async (c) => {
      const product = await editableProduct(c.get('db'), idParam(c, 'adminCatalog.productNotFound'));
      if (!product) throw new Problem(404, 'adminCatalog.productNotFound');
      return c.json({ data: product });
    },
  )
  .put(
    '/products/:id',
    documented('Save a product', { 200: done('The product.', EditableProduct), 404: missing('product'), 409: stale }),
    requireStaff('catalog.manage'),
    validate('json', ProductInputSchema),
    async (c) => {
      const id = idParam(c, 'adminCatalog.productNotFound');
      await updateProduct(c.get('db'), id, c.req.valid('json'), c.get('staff'));
      return c.json({ data: await editableProduct(c.get('db'), id) });
    },
  )
  .get(
    '/products/:id/stock',
    documented("A product's stock history", { 200: done('The movements.', StockMovements), 404: missing('product') }),
    requireStaff('catalog.manage'),
    async (c) => c.json({ data: await stockHistory(c.get('db'), idParam(c, 'adminCatalog.productNotFound')) }),
  )
  .get(
    '/categories',
    documented('Categories and sub-categories for the desk', { 200: done('The tree.', CategoryTree) }),
    requireStaff('catalog.manage'),
    async (c) => c.json({ data: await deskCategories(c.get('db')) }),
  );

/** Categories and sub-categories: the same four routes for each kind. */
for (const [path, kind] of [
  ['categories', 'category'],
  ['sub-categories', 'sub_category'],
] as const satisfies readonly (readonly [string, CategoryKind])[]) {
  const notFound = 'adminCatalog.categoryNotFound';
  const label = kind === 'category' ? 'category' : 'sub-category';
  adminCatalogRoutes
    .post(
      `/${path}`,
      documented(`Create a ${label}`, { 201: done(`The ${label}.`, CreatedCategory), 409: stale }),
      requireStaff('catalog.manage'),
      validate('json', CategoryInputSchema),
      async (c) => c.json({ data: await createCategory(c.get('db'), kind, c.req.valid('json'), c.get('staff')) }, 201),
    )
    .put(
      `/${path}/:id`,
      documented(`Rename a ${label}`, { 200: done('The tree.', CategoryTree), 404: missing(label), 409: stale }),
      requireStaff('catalog.manage'),
      validate('json', CategoryInputSchema),
      async (c) => {
        await renameCategory(c.get('db'), kind, idParam(c, notFound), c.req.valid('json'), c.get('staff'));
        return c.json({ data: await deskCategories(c.get('db')) });
      },
    )
    .post(
      `/${path}/:id/move`,
      documented(`Move a ${label} up or down`, { 200: done('The tree.', CategoryTree), 404: missing(label) }),
      requireStaff('catalog.manage'),
      validate('json', MoveSchema),
      async (c) => {
        await moveCategory(c.get('db'), kind, idParam(c, notFound), c.req.valid('json').direction, c.get('staff'));
        return c.json({ data: await deskCategories(c.get('db')) });
      },
    );
}
