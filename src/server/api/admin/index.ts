import { Hono } from 'hono';
import type { ApiEnv } from '../context.ts';
import { sameOriginOnly } from '../session-cookie.ts';
import { adminAuthRoutes } from './auth-routes.ts';
import { adminAccountRoutes } from './account-routes.ts';
import { adminStaffRoutes } from './staff-routes.ts';
import { adminOrderRoutes } from './order-routes.ts';
import { adminRefundRoutes } from './refund-routes.ts';
import { adminCustomerRoutes } from './customer-routes.ts';
import { adminCashRoutes } from './cash-routes.ts';
import { adminCourierDeliveryRoutes } from './courier-delivery-routes.ts';
import { adminPromotionRoutes } from './promotion-routes.ts';
import { adminPartnerRoutes } from './partner-routes.ts';
import { adminCatalogRoutes } from './catalog-routes.ts';
import { adminContentRoutes } from './content-routes.ts';
import { adminMessageRoutes } from './message-routes.ts';

/**
 * The back office's API under /api/admin (issue 22): never cached, refused from a foreign origin (the staff cookie is
 * SameSite=Strict as well), every route behind requireStaff(permission) except the sign-in steps.
 */
export const adminRoutes = new Hono<ApiEnv>()
  .use(async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex');
  })
  .use(sameOriginOnly)
  .route('/', adminAuthRoutes)
  .route('/', adminAccountRoutes)
  .route('/', adminStaffRoutes)
  .route('/', adminOrderRoutes)
  .route('/', adminRefundRoutes)
  .route('/', adminCustomerRoutes)
  .route('/', adminCashRoutes)
  .route('/', adminCourierDeliveryRoutes)
  .route('/', adminPromotionRoutes)
  .route('/', adminPartnerRoutes)
  .route('/', adminCatalogRoutes)
  .route('/', adminContentRoutes)
  .route('/', adminMessageRoutes);
