import type { ShopDb } from '../db/index.ts';
import { smsSender } from '../auth/sms/sender.ts';
import { SmsDeliveryError } from '../auth/sms/sms-sender.ts';
import { MessageSendError, type MessageChannel, type OutgoingMessage, type SentMessage } from './channel.ts';

/** The fallback: the message's text through the shop's SMS sender (Twilio, or the development outbox). */
export class SmsChannel implements MessageChannel {
  readonly channel = 'sms';
  // No parameter properties: the background jobs load this file with Node's type stripping (scripts/start.mjs).
  private readonly db: ShopDb;
  constructor(db: ShopDb) {
    this.db = db;
  }

  async send(message: OutgoingMessage): Promise<SentMessage> {
    const sender = smsSender(this.db);
    try {
      await sender.send(message.to, message.text);
    } catch (error) {
      if (error instanceof SmsDeliveryError) throw new MessageSendError(error.message, true);
      throw error;
    }
    return { provider: sender.name, providerMessageId: null };
  }
}
