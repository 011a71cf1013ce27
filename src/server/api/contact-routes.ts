import { Hono } from 'hono';
import { ContactSchema } from '#lib/schemas/contact.ts';
import { saveContactMessage } from '../services/contact.ts';
import type { ApiEnv } from './context.ts';
import { validate } from './validation.ts';
import * as z from 'zod/mini';
import { documented, ok } from './openapi/describe.ts';

/** POST /contact: stores a message; 201 with the spec's success text, 422 with per-field messages. */
export const contactRoutes = new Hono<ApiEnv>().post(
  '/contact',
  documented({
    summary: 'Send the shop a message',
    tags: ['Content'],
    responses: { 201: ok('Stored.', z.object({ id: z.number() })) },
  }),
  validate('json', ContactSchema),
  async (c) => {
    const id = await saveContactMessage(c.get('db'), c.req.valid('json'), c.get('locale'));
    return c.json({ data: { id }, message: c.get('t').forms.contact.success }, 201);
  },
);
