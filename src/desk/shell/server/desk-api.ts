import { Hono } from 'hono';
import type { ApiEnv } from '#server/api/context.ts';
import { privateApi } from '#server/api/session-cookie.ts';
import { adminAuthRoutes } from '../../staff/server/auth-routes.ts';
import { adminAccountRoutes } from '../../staff/server/account-routes.ts';
import { adminStaffRoutes } from '../../staff/server/staff-routes.ts';
import { adminOrderRoutes } from '../../orders/server/order-routes.ts';
import { adminRefundRoutes } from '../../refunds/server/refund-routes.ts';
import { adminCustomerRoutes } from '../../customers/server/customer-routes.ts';
import { adminCashRoutes } from '../../couriers/server/cash-routes.ts';
import { adminCourierDeliveryRoutes } from '../../couriers/server/courier-delivery-routes.ts';
import { adminPromotionRoutes } from '../../promotions/server/promotion-routes.ts';
import { adminPartnerRoutes } from '../../partners/server/partner-routes.ts';
import { adminCatalogRoutes } from '../../catalog/server/catalog-routes.ts';
import { adminContentRoutes } from '../../content/server/content-routes.ts';
import { adminMessageRoutes } from '../../messages/server/message-routes.ts';
import { sellerLedgerRoutes } from '../../sellers/server/ledger-routes.ts';
import { adminModerationRoutes } from '../../moderation/server/moderation-routes.ts';
import { adminReviewRoutes } from '../../reviews/server/review-routes.ts';
import { adminReportRoutes } from '../../reports/server/report-routes.ts';

/**
 * The back office's API under /api/admin (issue 22): never cached, refused from a foreign origin (the staff cookie is
 * SameSite=Strict as well), every route behind requireStaff(permission) except the sign-in steps.
 */
export const adminRoutes = new Hono<ApiEnv>()
  .use(...privateApi)
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
  .route('/', adminMessageRoutes)
  .route('/', sellerLedgerRoutes)
  .route('/', adminModerationRoutes)
  .route('/', adminReviewRoutes)
  .route('/', adminReportRoutes);
