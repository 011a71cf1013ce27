import { Hono } from 'hono';
import { NewsletterSchema } from '#lib/schemas/newsletter.ts';
import { subscribe } from '../services/newsletter.ts';
import type { ApiEnv } from './context.ts';
import { fieldProblem } from '../problem.ts';
import { validate } from './validation.ts';
import * as z from 'zod/mini';
import { documented, ok, refused } from './openapi/describe.ts';

export const newsletterRoutes = new Hono<ApiEnv>().post(
  '/newsletter',
  documented({
    summary: 'Subscribe an e-mail address to the newsletter',
    tags: ['Content'],
    responses: {
      201: ok('Subscribed.', z.object({ email: z.string() })),
      409: refused('Already subscribed ("You may already be subscribed").'),
    },
  }),
  validate('json', NewsletterSchema),
  async (c) => {
    const { email } = c.req.valid('json');
    const t = c.get('t');
    const created = await subscribe(c.get('db'), email, c.get('locale'));
    // A repeat is a 409 whose message is the spec's failure toast text.
    if (!created) throw fieldProblem(409, 'newsletter.failure', 'email');
    return c.json({ data: { email }, message: t.newsletter.success }, 201);
  },
);
