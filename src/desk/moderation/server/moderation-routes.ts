import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing } from '#server/api/openapi/desk-docs.ts';
import { decideChange, moderationQueue, setSellerTrusted } from './moderation-queue.ts';
import { ModerationQueue, SellerTrust } from './moderation-answers.ts';

const documented = deskDocumenter('Moderation');
const notFound = 'deskModeration.changeNotFound' as const;
const RejectSchema = z.object({ reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)) });
const TrustedSchema = z.object({ trusted: z.boolean() });

/** Sellers' catalog changes waiting for staff (issue 40), for members with catalog.manage; trusting a seller. */
export const adminModerationRoutes = new Hono<ApiEnv>()
  .get(
    '/moderation',
    documented('Sellers’ catalog changes waiting for review, with their differences', {
      200: done('The queue.', ModerationQueue),
    }),
    requireStaff('catalog.manage'),
    async (c) => c.json({ data: await moderationQueue(c.get('db')) }),
  )
  .post(
    '/moderation/:id/approve',
    documented('Approve a change: it is written to the product and shown in the shop', {
      200: done('The queue.', ModerationQueue),
      404: missing('change waiting for review'),
    }),
    requireStaff('catalog.manage'),
    async (c) => {
      await decideChange(c.get('db'), idParam(c, notFound), { approve: true }, c.get('staff'));
      return c.json({ data: await moderationQueue(c.get('db')) });
    },
  )
  .post(
    '/moderation/:id/reject',
    documented('Reject a change with a reason the seller reads', {
      200: done('The queue.', ModerationQueue),
      404: missing('change waiting for review'),
    }),
    requireStaff('catalog.manage'),
    validate('json', RejectSchema),
    async (c) => {
      const { reason } = c.req.valid('json');
      await decideChange(c.get('db'), idParam(c, notFound), { approve: false, reason }, c.get('staff'));
      return c.json({ data: await moderationQueue(c.get('db')) });
    },
  )
  .put(
    '/sellers/:id/trusted',
    documented('Mark a seller trusted (their catalog changes skip moderation) or not', {
      200: done('The seller’s trust.', SellerTrust),
      404: missing('seller'),
    }),
    requireStaff('partners.manage'),
    validate('json', TrustedSchema),
    async (c) => {
      const id = idParam(c, 'adminPartners.sellerNotFound');
      const { trusted } = c.req.valid('json');
      await setSellerTrusted(c.get('db'), id, trusted, c.get('staff'));
      return c.json({ data: { id, trusted } });
    },
  );
