import { serverConfig } from '../../config.ts';
import type { ShopDb } from '../../db/index.ts';
import { OutboxSender } from './outbox.ts';
import type { SmsSender } from './sms-sender.ts';
import { TwilioSender } from './twilio.ts';
import { metrics } from '../../observability/metrics.ts';

let override: SmsSender | undefined;

/** Tests swap the sender (e.g. a provider pointed at a stub server). */
export function useSmsSender(sender: SmsSender | undefined): void {
  override = sender;
}

/**
 * SMS_PROVIDER=twilio uses Twilio's Messages API (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM or
 * TWILIO_MESSAGING_SERVICE_SID); anything else, the development outbox in the database.
 */
export function smsSender(db: ShopDb): SmsSender {
  const config = serverConfig();
  return counted(override ?? (config.smsOutbox ? new OutboxSender(db) : new TwilioSender(db, config.twilio)));
}

/** Every message handed over is counted by provider and outcome (sms_messages_total; docs/operations.md). */
function counted(sender: SmsSender): SmsSender {
  const messages = metrics().smsMessages;
  return {
    name: sender.name,
    send: (to, body) =>
      sender.send(to, body).then(
        () => void messages.inc({ provider: sender.name, outcome: 'sent' }),
        (error: unknown) => {
          messages.inc({ provider: sender.name, outcome: 'failed' });
          throw error;
        },
      ),
  };
}
