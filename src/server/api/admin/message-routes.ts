import { Hono } from 'hono';
import { SimulatedReplySchema } from '../../../lib/schemas/messaging.ts';
import { simulatorMessages, tapQuickReply } from '../../messaging/simulator.ts';
import type { ApiEnv } from '../context.ts';
import { validate } from '../validation.ts';
import { idParam } from './params.ts';
import { requireStaff } from './require-staff.ts';

/** The demo's message simulator (issue 37): the outbox's WhatsApp messages, and a shopper's tap on a quick reply. */
export const adminMessageRoutes = new Hono<ApiEnv>()
  .get('/messages/simulator', requireStaff('orders.work'), async (c) => c.json({ data: await simulatorMessages(c.get('db')) }))
  .post('/messages/:id/reply', requireStaff('orders.work'), validate('json', SimulatedReplySchema), async (c) => {
    const outcome = await tapQuickReply(c.get('db'), idParam(c, 'messaging.messageNotFound'), c.req.valid('json').reply);
    return c.json({ data: { outcome } }, 201);
  });
