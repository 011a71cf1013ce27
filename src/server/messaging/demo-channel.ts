import { randomUUID } from 'node:crypto';
import type { MessageChannel, SentMessage } from './channel.ts';

/**
 * The demo's WhatsApp: nothing leaves the machine. The message stays in the outbox (order_messages), where the desk's
 * simulator shows it as the shopper would see it; its id looks like WhatsApp's, so the simulator's status and reply
 * webhooks name it as Meta's would.
 */
export class DemoWhatsappChannel implements MessageChannel {
  readonly channel = 'whatsapp';
  send(): Promise<SentMessage> {
    return Promise.resolve({ provider: 'demo', providerMessageId: `wamid.demo.${randomUUID()}` });
  }
}
