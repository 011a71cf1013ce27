import { Hono } from 'hono';
import {
  ApplicationListQuery,
  ApproveApplicationSchema,
  RejectApplicationSchema,
  ResetOwnerAuthenticatorSchema,
  SuspendSellerSchema,
} from '#lib/schemas/admin-partners.ts';
import { applicationFile, listApplications, readApplication } from './applications.ts';
import { approveApplication, rejectApplication } from './decisions.ts';
import { listDeskSellers, setSellerStatus } from './sellers.ts';
import { resetOwnerAuthenticator, sellerOwners } from './seller-owners.ts';
import { Problem } from '#server/problem.ts';
import { uploadStore } from '#server/uploads/upload-store.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { media, retryLater } from '#server/api/openapi/describe.ts';
import { OneTimeLink } from '#server/api/openapi/account-answers.ts';
import { Application, ApplicationPage, Approved, Rejected, SellerOwners, SellerStatus, Sellers } from './partner-answers.ts';
const documented = deskDocumenter('Partners');

const notFound = 'adminPartners.applicationNotFound';

/**
 * Partners (issue 23), for members with partners.manage: applications (the list, one, its documents, the decisions) and
 * sellers (suspended and reinstated; an owner who lost their authenticator given a new enrolment link, issue 50).
 */
export const adminPartnerRoutes = new Hono<ApiEnv>()
  .get(
    '/partners/applications',
    documented('Partner applications', { 200: done('A page of applications.', ApplicationPage) }),
    requireStaff('partners.manage'),
    validate('query', ApplicationListQuery),
    async (c) => {
      const { status, page } = c.req.valid('query');
      return c.json({ data: await listApplications(c.get('db'), status, page) });
    },
  )
  .get(
    '/partners/applications/:id',
    documented('A partner application', { 200: done('The application.', Application), 404: missing('application') }),
    requireStaff('partners.manage'),
    async (c) => {
      const application = await readApplication(c.get('db'), idParam(c, notFound));
      if (!application) throw new Problem(404, notFound);
      return c.json({ data: application });
    },
  )
  // A document, streamed to staff only: the files live outside the public folder under random names, and this route
  // is the one way to their bytes. An attachment (never rendered in the shop's origin) that nothing may keep.
  .get(
    '/partners/applications/:id/files/:fileId',
    documented("An application's uploaded file", {
      200: media('The file as uploaded.', 'application/octet-stream'),
      404: missing('file'),
      503: retryLater('The store of uploads cannot be reached.'),
    }),
    requireStaff('partners.manage'),
    async (c) => {
      const file = await applicationFile(c.get('db'), idParam(c, notFound), idParam(c, notFound, 'fileId'));
      if (!file) throw new Problem(404, notFound);
      const object = await uploadStore().get(file.storedName);
      if (!object) throw new Problem(404, 'adminPartners.fileMissing');
      return c.body(object.body, 200, {
        'content-type': file.mime,
        'content-length': String(object.length),
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
    },
  )
  .post(
    '/partners/applications/:id/approve',
    documented('Approve an application: the seller is created', {
      201: done('The seller.', Approved),
      404: missing('application'),
      409: stale,
    }),
    requireStaff('partners.manage'),
    validate('json', ApproveApplicationSchema),
    async (c) =>
      c.json({ data: await approveApplication(c.get('db'), idParam(c, notFound), c.req.valid('json'), c.get('staff')) }, 201),
  )
  .post(
    '/partners/applications/:id/reject',
    documented('Reject an application', { 200: done('The application.', Rejected), 404: missing('application'), 409: stale }),
    requireStaff('partners.manage'),
    validate('json', RejectApplicationSchema),
    async (c) =>
      c.json({ data: await rejectApplication(c.get('db'), idParam(c, notFound), c.req.valid('json').reason, c.get('staff')) }),
  )
  .get(
    '/sellers',
    documented('The sellers', { 200: done('The sellers.', Sellers) }),
    requireStaff('partners.manage'),
    async (c) => c.json({ data: await listDeskSellers(c.get('db'), c.get('locale')) }),
  )
  .post(
    '/sellers/:id/suspend',
    documented('Suspend a seller (their products leave the shop)', {
      200: done('The seller.', SellerStatus),
      404: missing('seller'),
      409: stale,
    }),
    requireStaff('partners.manage'),
    validate('json', SuspendSellerSchema),
    async (c) => {
      await setSellerStatus(
        c.get('db'),
        idParam(c, 'adminPartners.sellerNotFound'),
        'suspended',
        c.req.valid('json').reason,
        c.get('staff'),
      );
      return c.json({ data: { status: 'suspended' } });
    },
  )
  .post(
    '/sellers/:id/reinstate',
    documented('Reinstate a suspended seller', { 200: done('The seller.', SellerStatus), 404: missing('seller'), 409: stale }),
    requireStaff('partners.manage'),
    async (c) => {
      await setSellerStatus(c.get('db'), idParam(c, 'adminPartners.sellerNotFound'), 'active', null, c.get('staff'));
      return c.json({ data: { status: 'active' } });
    },
  )
  .get(
    '/sellers/:id/owners',
    documented("A seller's owners (whom a lost authenticator can be reset for)", {
      200: done('The owners.', SellerOwners),
      404: missing('seller'),
    }),
    requireStaff('partners.manage'),
    async (c) => c.json({ data: await sellerOwners(c.get('db'), idParam(c, 'adminPartners.sellerNotFound')) }),
  )
  .post(
    '/sellers/:id/owners/:memberId/reset-authenticator',
    documented("Reset a seller owner's authenticator: a new enrolment link (audited, with how it was checked)", {
      200: done('The new one-time link, to pass on.', OneTimeLink),
      404: missing('owner of this seller'),
    }),
    requireStaff('partners.manage'),
    validate('json', ResetOwnerAuthenticatorSchema),
    async (c) => {
      const reset = await resetOwnerAuthenticator(
        c.get('db'),
        idParam(c, 'adminPartners.sellerNotFound'),
        idParam(c, 'adminPartners.ownerNotFound', 'memberId'),
        c.req.valid('json').reason,
        c.get('staff'),
        c.get('locale'),
      );
      c.header('cache-control', 'no-store');
      return c.json({ data: reset });
    },
  );
