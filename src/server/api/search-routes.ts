import { Hono } from 'hono';
import * as z from 'zod/mini';
import { suggest } from '../services/catalog/search.ts';
import type { ApiEnv } from './context.ts';
import { validate } from './validation.ts';
import { documented, ok } from './openapi/describe.ts';
import { Suggestion } from './openapi/shapes.ts';

const AutocompleteQuery = z.object({ q: z.optional(z.string().check(z.maxLength(100))) });

/** Search suggestions (spec section 7: GET /autocomplete?q=); text under 2 characters gives none. */
export const searchRoutes = new Hono<ApiEnv>().get(
  '/autocomplete',
  documented({
    summary: 'Search suggestions, best first (at most 8)',
    description: 'Text under 2 characters (after trimming) gives none. Cached for a minute.',
    tags: ['Catalog'],
    responses: { 200: ok('The suggestions.', z.array(Suggestion)) },
  }),
  validate('query', AutocompleteQuery),
  async (c) => {
    const { q = '' } = c.req.valid('query');
    c.header('cache-control', 'public, max-age=60');
    return c.json({ data: await suggest(c.get('db'), q, c.get('locale')) });
  },
);
