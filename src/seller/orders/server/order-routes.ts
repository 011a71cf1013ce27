import { Hono, type Context } from 'hono';
import { PartQuerySchema } from '#lib/schemas/seller-orders.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { clientAddress } from '#server/api/session-cookie.ts';
import { Problem } from '#server/problem.ts';
import { done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { idParam } from '#server/api/params.ts';
import { requireSeller } from '../../accounts/server/require-seller.ts';
import { sellerActor } from '#core/actors/server/seller-actor.ts';
import { sellerDocumenter } from '../../portal/server/seller-docs.ts';
import { cancelLine } from './cancel-line.ts';
import { listParts, readPart } from './part-queries.ts';
import { workPart, type MemberActor } from './work-part.ts';
import { Part, PartPage } from './part-answers.ts';

const documented = sellerDocumenter('Seller orders');

/** The seller's parts of orders (issue 40 item 4): the list, one part with its lines, and the seller's work on it. */
export const sellerOrderRoutes = new Hono<ApiEnv>()
  .get(
    '/parts',
    documented('Your parts of orders, newest first, by state', { 200: done('A page of parts.', PartPage) }),
    requireSeller('orders.read'),
    validate('query', PartQuerySchema),
    async (c) => c.json({ data: await listParts(c.get('db'), c.get('seller').sellerId, c.req.valid('query')) }),
  )
  .get(
    '/parts/:id',
    documented('One of your parts with its lines', { 200: done('The part.', Part), 404: missing('part') }),
    requireSeller('orders.read'),
    async (c) => {
      const part = await readPart(c.get('db'), c.get('seller').sellerId, idParam(c, 'seller.partNotFound'));
      if (!part) throw new Problem(404, 'seller.partNotFound');
      return c.json({ data: part });
    },
  )
  .post(
    '/parts/:id/accept',
    documented('Accept your part', { 200: done('The part.', Part), 404: missing('part'), 409: stale }),
    requireSeller('orders.work'),
    async (c) => workAndAnswer(c, 'accept'),
  )
  .post(
    '/parts/:id/ready',
    documented('Mark your part ready for pickup', { 200: done('The part.', Part), 404: missing('part'), 409: stale }),
    requireSeller('orders.work'),
    async (c) => workAndAnswer(c, 'ready'),
  )
  .post(
    '/parts/:id/lines/:line/cancel',
    documented('Cancel a line you cannot supply (out of stock)', {
      200: done('The part.', Part),
      404: missing('part or line'),
      409: stale,
    }),
    requireSeller('orders.work'),
    async (c) => {
      const partId = idParam(c, 'seller.partNotFound');
      const lineId = idParam(c, 'seller.lineNotFound', 'line');
      await cancelLine(c.get('db'), memberActor(c), partId, lineId);
      return c.json({ data: await readPart(c.get('db'), c.get('seller').sellerId, partId) });
    },
  );

/** The signed-in member as the audit log's actor, their seller and id known. */
const memberActor = (c: Context<ApiEnv>): MemberActor => {
  const member = c.get('seller');
  return { ...sellerActor(member, clientAddress(c)), id: member.memberId, sellerId: member.sellerId };
};

async function workAndAnswer(c: Context<ApiEnv>, step: 'accept' | 'ready'): Promise<Response> {
  const partId = idParam(c, 'seller.partNotFound');
  await workPart(c.get('db'), memberActor(c), partId, step);
  return c.json({ data: await readPart(c.get('db'), c.get('seller').sellerId, partId) });
}
