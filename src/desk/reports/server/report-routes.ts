import { Hono } from 'hono';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { csvHeaders, reportRequest } from '#server/api/report-query.ts';
import { deskDocumenter } from '#server/api/openapi/desk-docs.ts';
import { okOrCsv, refused } from '#server/api/openapi/describe.ts';
import { CatalogReport, CodReport, CustomersReport, PaymentsReport, TimeReport } from '#server/api/openapi/report-answers.ts';
import type * as z from 'zod/mini';
import { ReportQuerySchema } from '#lib/schemas/reports.ts';
import { rankedCsv, sectionsCsv, snapshotCsv, timeReportCsv } from '#lib/reports/report-csv.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import {
  cashAgeColumns,
  catalogColumns,
  channelColumns,
  codeColumns,
  confirmTimeColumns,
  regionColumns,
  shopperColumns,
  stockOutColumns,
  commissionColumns,
  deliveryColumns,
  csvLabels,
  methodColumns,
  orderColumns,
  providerColumns,
  salesColumns,
} from '../report-columns.ts';
import { salesReport } from './sales-report.ts';
import { ordersReport } from './orders-report.ts';
import { paymentsReport } from './payments-report.ts';
import { catalogReport } from './catalog-report.ts';
import { codReport } from './cod-report.ts';
import { customersReport } from './customers-report.ts';

const documented = deskDocumenter('Reports');
const badPeriod = refused('A day that is not a real calendar day (`2026-02-30`), `from` after `to`, or over 366 days.');
const answers = (what: string, shape: z.core.$ZodType) => ({
  200: okOrCsv(`${what}, and the previous period beside it (JSON, or CSV with format=csv).`, shape),
  400: badPeriod,
});

/**
 * The desk's reports (issue 53) under /api/admin/reports: each for a period of Cairo days with the previous period
 * beside it, as JSON or as the CSV of exactly the numbers the page draws. reports.read: owner, finance, operations.
 */
export const adminReportRoutes = new Hono<ApiEnv>()
  .get(
    '/reports/sales',
    documented('Sales: gross, discounts, refunds, net and delivery fees per day, week or month', answers('Sales', TimeReport)),
    requireStaff('reports.read'),
    validate('query', ReportQuerySchema),
    async (c) => {
      const { period, by, csv } = reportRequest(c.req.valid('query'));
      const report = await salesReport(c.get('db'), period, by);
      if (!csv) return c.json({ data: report });
      const t = c.get('t');
      return c.body(timeReportCsv(report, salesColumns(t), csvLabels(t)), 200, csvHeaders('sales', period));
    },
  )
  .get(
    '/reports/orders',
    documented(
      'Orders: placed, confirmed, shipped, delivered, cancelled and returned',
      answers('The funnel over time', TimeReport),
    ),
    requireStaff('reports.read'),
    validate('query', ReportQuerySchema),
    async (c) => {
      const { period, by, csv } = reportRequest(c.req.valid('query'));
      const report = await ordersReport(c.get('db'), period, by);
      if (!csv) return c.json({ data: report });
      const t = c.get('t');
      return c.body(timeReportCsv(report, orderColumns(t), csvLabels(t)), 200, csvHeaders('orders', period));
    },
  )
  .get(
    '/reports/cod',
    documented(
      'Cash on delivery: confirmation and time to confirm by channel, delivery and returns by governorate and courier, cash still with couriers by age',
      answers('The figures', CodReport),
    ),
    requireStaff('reports.read'),
    validate('query', ReportQuerySchema),
    async (c) => {
      const { period, csv } = reportRequest(c.req.valid('query'));
      const t = c.get('t');
      const report = await codReport(c.get('db'), period, c.get('locale'), t);
      if (!csv) return c.json({ data: report });
      const labels = csvLabels(t);
      const file = sectionsCsv([
        { title: t.reports.cod.channels, csv: rankedCsv(report.channels, channelColumns(t), labels) },
        { title: t.reports.cod.governorates, csv: rankedCsv(report.governorates, deliveryColumns(t), labels) },
        { title: t.reports.cod.couriers, csv: rankedCsv(report.couriers, deliveryColumns(t), labels) },
        { title: t.reports.cod.confirmTimes, csv: rankedCsv(report.confirmTimes, confirmTimeColumns(t), labels) },
        { title: t.reports.cod.cashByAge, csv: snapshotCsv(report.cashByAge, cashAgeColumns(t), labels) },
      ]);
      return c.body(file, 200, csvHeaders('cash-on-delivery', period));
    },
  )
  .get(
    '/reports/payments',
    documented(
      'Payments: the method mix, each provider’s paid and failed payments, kiosk payment codes paid and expired',
      answers('The mix', PaymentsReport),
    ),
    requireStaff('reports.read'),
    validate('query', ReportQuerySchema),
    async (c) => {
      const { period, csv } = reportRequest(c.req.valid('query'));
      const t = c.get('t');
      const report = await paymentsReport(c.get('db'), period, c.get('locale'));
      if (!csv) return c.json({ data: report });
      const labels = csvLabels(t);
      const file = sectionsCsv([
        { title: t.reports.payments.methods, csv: rankedCsv(report.methods, methodColumns(t), labels) },
        { title: t.reports.payments.providers, csv: rankedCsv(report.providers, providerColumns(t), labels) },
        { title: t.reports.payments.codesTitle, csv: rankedCsv(report.codes, codeColumns(t), labels) },
      ]);
      return c.body(file, 200, csvHeaders('payments', period));
    },
  )
  .get(
    '/reports/catalog',
    documented(
      'Top products, categories and sellers by net sales and units; commission earned per seller; stock-outs',
      answers('The top 10 of each', CatalogReport),
    ),
    requireStaff('reports.read'),
    validate('query', ReportQuerySchema),
    async (c) => {
      const { period, csv } = reportRequest(c.req.valid('query'));
      const t = c.get('t');
      const report = await catalogReport(c.get('db'), period, c.get('locale'));
      if (!csv) return c.json({ data: report });
      const labels = csvLabels(t);
      const columns = catalogColumns(t);
      const file = sectionsCsv([
        { title: t.reports.catalog.products, csv: rankedCsv(report.products, columns, labels) },
        { title: t.reports.catalog.categories, csv: rankedCsv(report.categories, columns, labels) },
        { title: t.reports.catalog.sellers, csv: rankedCsv(report.sellers, columns, labels) },
        { title: t.reports.catalog.commission, csv: rankedCsv(report.commission, commissionColumns(t), labels) },
        { title: t.reports.catalog.outOfStock, csv: rankedCsv(report.outOfStock, columns, labels) },
        { title: t.reports.catalog.soldOut, csv: rankedCsv(report.soldOut, stockOutColumns(t), labels) },
      ]);
      return c.body(file, 200, csvHeaders('catalog', period));
    },
  )
  .get(
    '/reports/customers',
    documented(
      'Customers: new and returning shoppers, average order, orders and net sales by governorate',
      answers('The figures', CustomersReport),
    ),
    requireStaff('reports.read'),
    validate('query', ReportQuerySchema),
    async (c) => {
      const { period, csv } = reportRequest(c.req.valid('query'));
      const t = c.get('t');
      const report = await customersReport(c.get('db'), period, c.get('locale'), t);
      if (!csv) return c.json({ data: report });
      const labels = csvLabels(t);
      const file = sectionsCsv([
        { title: t.reports.customers.shoppers, csv: rankedCsv(report.shoppers, shopperColumns(t), labels) },
        { title: t.reports.customers.governorates, csv: rankedCsv(report.governorates, regionColumns(t), labels) },
      ]);
      return c.body(file, 200, csvHeaders('customers', period));
    },
  );
