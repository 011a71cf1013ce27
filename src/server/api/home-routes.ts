import { Hono } from 'hono';
import { listAdvertisements, listBrands, listShippingSteps, listSlides } from '../services/home/home.ts';
import type { ApiEnv } from './context.ts';

/** The home page's editorial data (spec section 7); shapes in src/lib/home-types.ts and docs/api.md. */
export const homeRoutes = new Hono<ApiEnv>()
  .get('/sliders', (c) => c.json({ data: listSlides(c.get('locale')) }))
  .get('/advertisements', (c) => c.json({ data: listAdvertisements(c.get('locale')) }))
  .get('/shipping-steps', (c) => c.json({ data: listShippingSteps(c.get('locale')) }))
  .get('/brands', async (c) => c.json({ data: await listBrands(c.get('db'), c.get('locale')) }));
