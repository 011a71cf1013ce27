import { Hono } from 'hono';
import { listAdvertisements, listBrands, listShippingSteps, listSlides } from '../services/home/home.ts';
import type { ApiEnv } from './context.ts';
import * as z from 'zod/mini';
import { documenter, ok } from './openapi/describe.ts';

const documented = documenter('Content');
/** Their shapes live in src/lib/home-types.ts. */
const list = z.array(z.looseObject({}));

/** The home page's editorial data (spec section 7); shapes in src/lib/home-types.ts and docs/api.md. */
export const homeRoutes = new Hono<ApiEnv>()
  .get('/sliders', documented({ summary: "The home page's slides", responses: { 200: ok('The slides.', list) } }), async (c) =>
    c.json({ data: await listSlides(c.get('db'), c.get('locale')) }),
  )
  .get(
    '/advertisements',
    documented({ summary: 'The home page advertisements', responses: { 200: ok('The advertisements.', list) } }),
    async (c) => c.json({ data: await listAdvertisements(c.get('db'), c.get('locale')) }),
  )
  .get(
    '/shipping-steps',
    documented({ summary: 'How delivery works, step by step', responses: { 200: ok('The steps.', list) } }),
    async (c) => c.json({ data: await listShippingSteps(c.get('db'), c.get('locale')) }),
  )
  .get(
    '/brands',
    documented({ summary: 'The brands shown on the home page', responses: { 200: ok('The brands.', list) } }),
    async (c) => c.json({ data: await listBrands(c.get('db'), c.get('locale')) }),
  );
