import { Hono } from 'hono';
import * as z from 'zod/mini';
import { AddressSchema } from '#lib/schemas/account.ts';
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
import { documenter, ok, refused } from './openapi/describe.ts';
import { Address, Governorate } from './openapi/shapes.ts';

const documented = documenter('Account');
const addresses = ok("The shopper's whole address book.", z.array(Address));

const IdParam = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });

/** Address book CRUD (owned by the token's shopper) and GET /governorates. */
export const addressRoutes = new Hono<ApiEnv>()
  .get(
    '/governorates',
    documented({
      summary: 'The 27 governorates with delivery fee and days',
      tags: ['Checkout'],
      responses: { 200: ok('The governorates.', z.array(Governorate)) },
    }),
    async (c) => {
      c.header('cache-control', 'public, max-age=3600');
      return c.json({ data: await listGovernorates(c.get('db'), c.get('locale')) });
    },
  )
  .get(
    '/addresses',
    documented({ summary: "The shopper's address book, primary first", responses: { 200: addresses } }),
    requireUser,
    async (c) => c.json({ data: await listAddresses(c.get('db'), c.get('userId'), c.get('locale')) }),
  )
  .post(
    '/addresses',
    documented({
      summary: 'Add an address',
      responses: { 201: addresses },
    }),
    requireUser,
    validate('json', AddressSchema),
    async (c) => {
      const db = c.get('db');
      await createAddress(db, c.get('userId'), c.req.valid('json'));
      return c.json(
        { data: await listAddresses(db, c.get('userId'), c.get('locale')), message: c.get('t').account.addressSaved },
        201,
      );
    },
  )
  .put(
    '/addresses/:id',
    documented({ summary: 'Change an address', responses: { 200: addresses, 404: refused('No such address of this shopper.') } }),
    requireUser,
    validate('param', IdParam),
    validate('json', AddressSchema),
    async (c) => {
      const db = c.get('db');
      await updateAddress(db, c.get('userId'), c.req.valid('param').id, c.req.valid('json'));
      return c.json({
        data: await listAddresses(db, c.get('userId'), c.get('locale')),
        message: c.get('t').account.addressSaved,
      });
    },
  )
  .post(
    '/addresses/:id/primary',
    documented({
      summary: 'Make an address the primary one',
      responses: { 200: addresses, 404: refused('No such address of this shopper.') },
    }),
    requireUser,
    validate('param', IdParam),
    async (c) => {
      const db = c.get('db');
      await makePrimary(db, c.get('userId'), c.req.valid('param').id);
      return c.json({
        data: await listAddresses(db, c.get('userId'), c.get('locale')),
        message: c.get('t').account.addressSaved,
      });
    },
  )
  .delete(
    '/addresses/:id',
    documented({
      summary: 'Delete an address (the oldest left becomes primary)',
      responses: { 200: addresses, 404: refused('No such address of this shopper.') },
    }),
    requireUser,
    validate('param', IdParam),
    async (c) => {
      const db = c.get('db');
      await deleteAddress(db, c.get('userId'), c.req.valid('param').id);
      return c.json({
        data: await listAddresses(db, c.get('userId'), c.get('locale')),
        message: c.get('t').account.addressDeleted,
      });
    },
  );
