import { Hono } from 'hono';
import { SimulatedReplySchema } from '#lib/schemas/messaging.ts';
import { simulatorMessages, tapQuickReply } from '#server/messaging/simulator.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing } from '#server/api/openapi/desk-docs.ts';
import { ReplyOutcome, SimulatorMessages } from './message-answers.ts';

const documented = deskDocumenter('Messages');

/** The demo's message simulator (issue 37): the outbox's WhatsApp messages, and a shopper's tap on a quick reply. */
export const adminMessageRoutes = new Hono<ApiEnv>()
  .get(
    '/messages/simulator',
    documented('The WhatsApp messages of the outbox, as the shoppers would see them (demo only)', {
      200: done('The latest messages with their quick replies.', SimulatorMessages),
      404: missing('simulator: messaging is not in demo mode'),
    }),
    requireStaff('orders.work'),
    async (c) => c.json({ data: await simulatorMessages(c.get('db')) }),
  )
  .post(
    '/messages/:id/reply',
    documented(
      'Tap a quick reply of a message as its shopper (demo only)',
      {
        201: done('What the reply did (its outcome).', ReplyOutcome),
        404: missing('message with that quick reply, or simulator (messaging is not in demo mode)'),
      },
      'Posted through the WhatsApp webhook, signed with the app secret exactly as Meta signs.',
    ),
    requireStaff('orders.work'),
    validate('json', SimulatedReplySchema),
    async (c) => {
      const outcome = await tapQuickReply(c.get('db'), idParam(c, 'messaging.messageNotFound'), c.req.valid('json').reply);
      return c.json({ data: { outcome } }, 201);
    },
  );
