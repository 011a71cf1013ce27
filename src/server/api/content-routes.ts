import { Hono } from 'hono';
import { contactRoutes } from './contact-routes.ts';
import type { ApiEnv } from './context.ts';
import { homeRoutes } from './home-routes.ts';
import { partnerRoutes } from './partner-routes.ts';

/** Content issue's API: home page data, contact messages and partner applications. */
export const contentRoutes = new Hono<ApiEnv>().route('/', homeRoutes).route('/', contactRoutes).route('/', partnerRoutes);
