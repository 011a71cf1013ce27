import { Hono } from 'hono';
import {
  AirwayBillQuerySchema,
  HandOverSchema,
  ManifestQuerySchema,
  ReturnPickupSchema,
  SettlementSchema,
} from '#lib/schemas/admin-couriers.ts';
import { cairoToday } from '#lib/cairo-day.ts';
import { readCourier } from './couriers.ts';
import { courierManifest, manifestCsv } from './manifest.ts';
import { importSettlement, reconcileCompany } from './settlements.ts';
import { handOverToCompany } from './hand-over.ts';
import { cancelCompanyDelivery } from './cancel-delivery.ts';
import { bookReturnPickup } from './return-pickup.ts';
import { listHandoverRows, trackingNumbersOf } from './handover-list.ts';
import { courierCompanies, courierCompany } from '#server/couriers/companies.ts';
import { Problem } from '#server/problem.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing } from '#server/api/openapi/desk-docs.ts';
import { media, refused } from '#server/api/openapi/describe.ts';
import {
  Bookings,
  CancelledBooking,
  CompanyReconciliation,
  Handover,
  ReturnPickup,
  SettlementReport,
} from './courier-answers.ts';

const documented = deskDocumenter('Couriers');
/** The courier company's API failed or did not answer (CourierApiError): nothing was changed, try again. */
const companyDown = refused("The courier company's API failed or did not answer: nothing was changed (try again).");

/** Handing orders over to courier companies, their airway bills and deliveries (issue 38, docs/couriers.md). */
export const adminCourierDeliveryRoutes = new Hono<ApiEnv>()
  .get(
    '/courier-deliveries',
    documented('Orders to hand over to a courier company, and their open deliveries', {
      200: done('The configured companies and the orders ready to ship or at a company.', Handover),
    }),
    requireStaff('orders.read'),
    async (c) => {
      const db = c.get('db');
      const companies = courierCompanies(db);
      return c.json({ data: { companies: [...companies.keys()], orders: await listHandoverRows(db, companies) } });
    },
  )
  .post(
    '/courier-deliveries',
    documented(
      'Hand orders over to a courier company',
      {
        200: done("Each order's outcome (created, or failed with the company's message).", Bookings),
        404: missing('courier company, or order (`detail.orders` lists them)'),
      },
      'Creates a delivery at the company for each order; one failing does not stop the others.',
    ),
    requireStaff('orders.work'),
    validate('json', HandOverSchema),
    async (c) => {
      const db = c.get('db');
      const body = c.req.valid('json');
      const results = await handOverToCompany(db, courierCompany(db, body.company), body.order_ids, c.get('staff'));
      return c.json({ data: results });
    },
  )
  .post(
    '/courier-deliveries/:id/cancel',
    documented('Cancel the open delivery of an order at its company', {
      200: done('The order id, cancelled.', CancelledBooking),
      404: missing('order, open delivery or courier company'),
      409: refused('The company has already picked the parcel up (or refuses the cancel).'),
      502: companyDown,
    }),
    requireStaff('orders.work'),
    async (c) => {
      const db = c.get('db');
      const orderId = idParam(c, 'admin.orderNotFound');
      const open = await db
        .selectFrom('courier_deliveries')
        .select('company')
        .where('order_id', '=', orderId)
        .where('open', '=', 1)
        .executeTakeFirst();
      if (!open) throw new Problem(404, 'couriers.deliveryNotFound');
      await cancelCompanyDelivery(db, courierCompany(db, open.company), orderId, c.get('staff'));
      return c.json({ data: { orderId, cancelled: true } });
    },
  )
  .post(
    '/courier-deliveries/:id/return-pickup',
    documented(
      "Book a courier company's return pickup of a delivered order",
      {
        200: done('The booking: company, tracking number and link (the first booking when asked again).', ReturnPickup),
        404: missing('order or courier company'),
        409: refused('The order is not delivered, or the company refused (its message).'),
        422: refused("The company cannot collect from the order's address (`detail.missing` names the fields)."),
        502: companyDown,
      },
      "Bosta's type 25 (customer return pickup) from the shopper's address; idempotent: one per order.",
    ),
    requireStaff('orders.work'),
    validate('json', ReturnPickupSchema),
    async (c) => {
      const db = c.get('db');
      const orderId = idParam(c, 'admin.orderNotFound');
      const company = courierCompany(db, c.req.valid('json').company);
      return c.json({ data: await bookReturnPickup(db, company, orderId, c.get('staff')) });
    },
  )
  // One PDF with the airway bills of the chosen orders, in the order chosen (all at one company).
  .get(
    '/courier-deliveries/airway-bills',
    documented('The airway bills of the chosen orders, as one PDF', {
      200: media('The PDF, in the order chosen.', 'application/pdf'),
      404: missing('courier company'),
      422: refused('The orders are not all at one company with an open delivery.'),
      502: companyDown,
    }),
    requireStaff('orders.read'),
    validate('query', AirwayBillQuerySchema),
    async (c) => {
      const db = c.get('db');
      const orderIds = [...new Set(c.req.valid('query').orders.split(',').map(Number))];
      const companies = await db
        .selectFrom('courier_deliveries')
        .select('company')
        .distinct()
        .where('order_id', 'in', orderIds)
        .where('open', '=', 1)
        .execute();
      if (companies.length !== 1) throw new Problem(422, 'couriers.oneCompanyPerPrint');
      const company = courierCompany(db, companies[0]!.company);
      const numbers = await trackingNumbersOf(db, company.name, orderIds);
      if (!numbers) throw new Problem(422, 'couriers.oneCompanyPerPrint');
      const pdf = await company.airwayBills(numbers);
      return c.body(pdf.buffer as ArrayBuffer, 200, {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="airway-bills-${company.name}.pdf"`,
      });
    },
  )
  // A company's settlement file: a dry run reports each line; `apply` writes it when no line is refused.
  .post(
    '/courier-settlements',
    documented(
      "Import a courier company's settlement file",
      {
        200: done('The report, line by line (written when `apply` and no line is refused).', SettlementReport),
        404: missing('courier company'),
        422: refused('Applying a file with refused lines: nothing is written (`detail.report` has the report).'),
      },
      'A dry run by default: each line of the CSV matched to a delivered order, its cash and fee; `apply` writes it.',
    ),
    requireStaff('cash.remit'),
    validate('json', SettlementSchema),
    async (c) => {
      const db = c.get('db');
      const body = c.req.valid('json');
      const company = courierCompany(db, body.company);
      const report = await importSettlement(
        db,
        { company: company.name, text: body.text, reference: body.reference, apply: body.apply ?? false },
        c.get('staff'),
      );
      return c.json({ data: report });
    },
  )
  // Every delivered order of a company: the cash expected, collected, its fee, remitted, and each difference flagged.
  .get(
    '/courier-settlements/:company',
    documented('The reconciliation of a courier company', {
      200: done(
        'Each delivered order: the cash expected, collected, the fee, remitted, and each difference flagged.',
        CompanyReconciliation,
      ),
      404: missing('courier company'),
    }),
    requireStaff('cash.read'),
    async (c) => {
      const db = c.get('db');
      const company = courierCompany(db, c.req.param('company'));
      return c.json({ data: await reconcileCompany(db, company.name) });
    },
  )
  // A courier's daily manifest as CSV in the reader's language (a company without an API signs it at hand-over).
  .get(
    '/couriers/:id/manifest.csv',
    documented("A courier's daily manifest", {
      200: media("The day's parcels as CSV, in the reader's language (today in Cairo by default).", 'text/csv'),
      404: missing('courier'),
    }),
    requireStaff('orders.read'),
    validate('query', ManifestQuerySchema),
    async (c) => {
      const db = c.get('db');
      const courier = await readCourier(db, idParam(c, 'adminCash.courierNotFound'));
      if (!courier) throw new Problem(404, 'adminCash.courierNotFound');
      const day = c.req.valid('query').day ?? cairoToday();
      const csv = manifestCsv(await courierManifest(db, courier.id, day), c.get('t'), c.get('locale'));
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="manifest-${courier.id}-${day}.csv"`,
      });
    },
  );
