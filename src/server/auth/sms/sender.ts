import type { ShopDb } from '../../db/index.ts';
import { OutboxSender } from './outbox.ts';
import type { SmsSender } from './sms-sender.ts';
import { TwilioSender } from './twilio.ts';

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
  if (override) return override;
  const env = process.env;
  if (env['SMS_PROVIDER'] === 'twilio') {
    return new TwilioSender(db, {
      accountSid: env['TWILIO_ACCOUNT_SID'] ?? '',
      authToken: env['TWILIO_AUTH_TOKEN'] ?? '',
      from: env['TWILIO_FROM'],
      messagingServiceSid: env['TWILIO_MESSAGING_SERVICE_SID'],
      baseUrl: env['TWILIO_API_BASE'],
    });
  }
  return new OutboxSender(db);
}
