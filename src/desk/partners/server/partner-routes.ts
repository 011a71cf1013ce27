import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import {
  ApplicationListQuery,
  ApproveApplicationSchema,
  RejectApplicationSchema,
  SuspendSellerSchema,
} from '../../../lib/schemas/admin-partners.ts';
import { applicationFile, listApplications, readApplication } from './applications.ts';
import { approveApplication, rejectApplication } from './decisions.ts';
import { listDeskSellers, setSellerStatus } from './sellers.ts';
import { Problem } from '../../../server/problem.ts';
import { uploadsDir } from '../../../server/uploads/store.ts';
import type { ApiEnv } from '../../../server/api/context.ts';
import { validate } from '../../../server/api/validation.ts';
import { idParam } from '../../shell/server/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing, stale } from '../../shell/server/desk-docs.ts';
import { media } from '../../../server/api/openapi/describe.ts';
const documented = deskDocumenter('Partners');

const notFound = 'adminPartners.applicationNotFound';

/**
 * Partners (issue 23), for members with partners.manage: applications (the list, one, its documents, the decisions) and
 * sellers (suspended and reinstated).
 */
export const adminPartnerRoutes = new Hono<ApiEnv>()
  .get(
    '/partners/applications',
    documented('Partner applications', { 200: done('A page of applications.') }),
    requireStaff('partners.manage'),
    validate('query', ApplicationListQuery),
    async (c) => {
      const { status, page } = c.req.valid('query');
      return c.json({ data: await listApplications(c.get('db'), status, page) });
    },
  )
  .get(
    '/partners/applications/:id',
    documented('A partner application', { 200: done('The application.'), 404: missing('application') }),
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
    }),
    requireStaff('partners.manage'),
    async (c) => {
      const file = await applicationFile(c.get('db'), idParam(c, notFound), idParam(c, notFound, 'fileId'));
      if (!file) throw new Problem(404, notFound);
      const path = join(uploadsDir(), file.storedName);
      const size = await stat(path).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw new Problem(404, 'adminPartners.fileMissing');
      return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream, 200, {
        'content-type': file.mime,
        'content-length': String(size),
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
    },
  )
  .post(
    '/partners/applications/:id/approve',
    documented('Approve an application: the seller is created', {
      201: done('The seller.'),
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
    documented('Reject an application', { 200: done('The application.'), 404: missing('application'), 409: stale }),
    requireStaff('partners.manage'),
    validate('json', RejectApplicationSchema),
    async (c) =>
      c.json({ data: await rejectApplication(c.get('db'), idParam(c, notFound), c.req.valid('json').reason, c.get('staff')) }),
  )
  .get('/sellers', documented('The sellers', { 200: done('The sellers.') }), requireStaff('partners.manage'), async (c) =>
    c.json({ data: await listDeskSellers(c.get('db'), c.get('locale')) }),
  )
  .post(
    '/sellers/:id/suspend',
    documented('Suspend a seller (their products leave the shop)', {
      200: done('The seller.'),
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
    documented('Reinstate a suspended seller', { 200: done('The seller.'), 404: missing('seller'), 409: stale }),
    requireStaff('partners.manage'),
    async (c) => {
      await setSellerStatus(c.get('db'), idParam(c, 'adminPartners.sellerNotFound'), 'active', null, c.get('staff'));
      return c.json({ data: { status: 'active' } });
    },
  );
