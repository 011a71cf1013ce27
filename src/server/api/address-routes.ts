import { Hono } from 'hono';
import * as z from 'zod/mini';
import { AddressSchema } from '../../lib/schemas/account.ts';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  listGovernorates,
  makePrimary,
  updateAddress,
} from '../services/account/addresses.ts';
import type { ApiEnv } from './context.ts';
import { requireUser } from './require-user.ts';
import { validate } from './validation.ts';

const IdParam = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });

/** Address book CRUD (owned by the token's shopper) and GET /governorates. */
export const addressRoutes = new Hono<ApiEnv>()
  .get('/governorates', async (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return c.json({ data: await listGovernorates(c.get('db'), c.get('locale')) });
  })
  .get('/addresses', requireUser, async (c) =>
    c.json({ data: await listAddresses(c.get('db'), c.get('userId'), c.get('locale')) }),
  )
  .post('/addresses', requireUser, validate('json', AddressSchema), async (c) => {
    const db = c.get('db');
    await createAddress(db, c.get('userId'), c.req.valid('json'));
    return c.json(
      { data: await listAddresses(db, c.get('userId'), c.get('locale')), message: c.get('t').account.addressSaved },
      201,
    );
  })
  .put('/addresses/:id', requireUser, validate('param', IdParam), validate('json', AddressSchema), async (c) => {
    const db = c.get('db');
    await updateAddress(db, c.get('userId'), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ data: await listAddresses(db, c.get('userId'), c.get('locale')), message: c.get('t').account.addressSaved });
  })
  .post('/addresses/:id/primary', requireUser, validate('param', IdParam), async (c) => {
    const db = c.get('db');
    await makePrimary(db, c.get('userId'), c.req.valid('param').id);
    return c.json({ data: await listAddresses(db, c.get('userId'), c.get('locale')), message: c.get('t').account.addressSaved });
  })
  .delete('/addresses/:id', requireUser, validate('param', IdParam), async (c) => {
    const db = c.get('db');
    await deleteAddress(db, c.get('userId'), c.req.valid('param').id);
    return c.json({
      data: await listAddresses(db, c.get('userId'), c.get('locale')),
      message: c.get('t').account.addressDeleted,
    });
  });
