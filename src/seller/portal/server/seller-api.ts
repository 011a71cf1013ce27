import { Hono } from 'hono';
import type { ApiEnv } from '#server/api/context.ts';
import { privateApi } from '#server/api/session-cookie.ts';
import { sellerAccountRoutes } from '../../accounts/server/routes.ts';
import { sellerOwnAccountRoutes } from '../../account/server/account-routes.ts';
import { sellerDashboardRoutes } from '../../dashboard/server/routes.ts';
import { sellerCatalogRoutes } from '../../catalog/server/catalog-routes.ts';
import { sellerOrderRoutes } from '../../orders/server/order-routes.ts';
import { sellerMoneyRoutes } from '../../money/server/money-routes.ts';
import { sellerReviewRoutes } from '../../reviews/server/review-routes.ts';
import { sellerReportRoutes } from '../../reports/server/report-routes.ts';

/**
 * The seller portal's API under /api/seller (issue 40, decision 031): never cached, never indexed, refused from a
 * foreign origin (the seller cookie is SameSite=Strict as well), every route behind requireSeller(permission) except
 * the sign-in steps. Each feature of the portal (the catalog, the orders' parts, the ledger's balances, payouts and
 * statements) mounts its routes here with `.route('/', …)`; tests/api/seller-isolation.test.ts then asks for a row of
 * the isolation matrix for each new route.
 */
export const sellerRoutes = new Hono<ApiEnv>()
  .use(...privateApi)
  .route('/', sellerAccountRoutes)
  .route('/', sellerOwnAccountRoutes)
  .route('/', sellerDashboardRoutes)
  .route('/', sellerCatalogRoutes)
  .route('/', sellerOrderRoutes)
  .route('/', sellerMoneyRoutes)
  .route('/', sellerReviewRoutes)
  .route('/', sellerReportRoutes);
