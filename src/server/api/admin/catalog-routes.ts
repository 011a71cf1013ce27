import { Hono } from 'hono';
import { ProductGridChangesSchema, ProductGridQuery } from '../../../lib/schemas/admin-catalog.ts';
import { listGridProducts, saveGridChanges } from '../../admin/catalog/product-grid.ts';
import { stockHistory } from '../../admin/catalog/stock-history.ts';
import type { ApiEnv } from '../context.ts';
import { validate } from '../validation.ts';
import { idParam } from './params.ts';
import { requireStaff } from './require-staff.ts';

/** Products (issue 23), for members with catalog.manage: the grid's pages and saves, a product's stock history. */
export const adminCatalogRoutes = new Hono<ApiEnv>()
  .get('/products', requireStaff('catalog.manage'), validate('query', ProductGridQuery), async (c) => {
    const { q, page } = c.req.valid('query');
    return c.json({ data: await listGridProducts(c.get('db'), c.get('locale'), q, page) });
  })
  .patch('/products', requireStaff('catalog.manage'), validate('json', ProductGridChangesSchema), async (c) =>
    c.json({ data: await saveGridChanges(c.get('db'), c.get('locale'), c.req.valid('json'), c.get('staff')) }),
  )
  .get('/products/:id/stock', requireStaff('catalog.manage'), async (c) =>
    c.json({ data: await stockHistory(c.get('db'), idParam(c, 'adminCatalog.productNotFound')) }),
  );
