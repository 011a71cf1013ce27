import { Hono } from 'hono';
import { ContactSchema } from '../../lib/schemas/contact.ts';
import { saveContactMessage } from '../services/contact.ts';
import type { ApiEnv } from './context.ts';
import { validate } from './validation.ts';

/** POST /contact: stores a message; 201 with the spec's success text, 422 with per-field messages. */
export const contactRoutes = new Hono<ApiEnv>().post('/contact', validate('json', ContactSchema), async (c) => {
  const id = await saveContactMessage(c.get('db'), c.req.valid('json'), c.get('locale'));
  return c.json({ data: { id }, message: c.get('t').forms.contact.success }, 201);
});
