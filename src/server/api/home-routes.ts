import { Hono } from 'hono';
import { listAdvertisements, listBrands, listShippingSteps, listSlides } from '../services/home/home.ts';
import type { ApiEnv } from './context.ts';

/** The home page's editorial data (spec section 7); shapes in src/lib/home-types.ts and docs/api.md. */
export const homeRoutes = new Hono<ApiEnv>()
  .get('/sliders', async (c) => c.json({ data: await listSlides(c.get('db'), c.get('locale')) }))
  .get('/advertisements', async (c) => c.json({ data: await listAdvertisements(c.get('db'), c.get('locale')) }))
  .get('/shipping-steps', async (c) => c.json({ data: await listShippingSteps(c.get('db'), c.get('locale')) }))
  .get('/brands', async (c) => c.json({ data: await listBrands(c.get('db'), c.get('locale')) }));
