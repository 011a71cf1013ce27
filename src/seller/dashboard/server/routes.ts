import { Hono } from 'hono';
import type { ApiEnv } from '#server/api/context.ts';
import { deskDocumenter, done } from '#server/api/openapi/desk-docs.ts';
import { requireSeller } from '../../accounts/server/require-seller.ts';
import { sellerDashboard } from './dashboard.ts';
import { sellerDashboardFigures } from './dashboard-figures.ts';
import { SellerFigures } from './dashboard-answers.ts';

const documented = deskDocumenter('Seller dashboard');

/**
 * The portal's first page: the seller's products count, the orders holding its lines, this month's sales, the parts to
 * prepare and the balances (the ledger's sums).
 */
export const sellerDashboardRoutes = new Hono<ApiEnv>().get(
  '/dashboard',
  documented("The seller's figures: products, orders with its lines, the latest of them", {
    200: done('The figures.', SellerFigures),
  }),
  requireSeller('dashboard.read'),
  async (c) => {
    const sellerId = c.get('seller').sellerId;
    const [d, figures] = await Promise.all([
      sellerDashboard(c.get('db'), sellerId),
      sellerDashboardFigures(c.get('db'), sellerId),
    ]);
    return c.json({
      data: {
        ...figures,
        products: d.products,
        orders: d.orders,
        recent: d.recent.map((o) => ({
          order_id: o.orderId,
          placed_at: o.placedAt,
          status: o.status,
          lines: o.lines,
          lines_total: o.linesTotal,
        })),
      },
    });
  },
);
