import { serverConfig } from '../../config.ts';
import type { ShopDb } from '../../db/index.ts';
import { isoNow } from '../secrets.ts';
import type { SmsSender } from './sms-sender.ts';
import { log } from '../../observability/logger.ts';

/**
 * The development outbox: messages are stored in sms_messages (tests read the codes there) and, outside
 * production, echoed to the server log so a developer can sign up without a phone. SMS_OUTBOX_QUIET=1 stops
 * the echo (the end-to-end journeys use it, so their log can be checked for leaked codes).
 */
export class OutboxSender implements SmsSender {
  readonly name = 'outbox';
  // No parameter properties: the background jobs load this file with Node's type stripping (order messages' SMS).
  private readonly db: ShopDb;
  constructor(db: ShopDb) {
    this.db = db;
  }

  async send(to: string, body: string): Promise<void> {
    await this.db
      .insertInto('sms_messages')
      .values({ phone: to, body, provider: this.name, status: 'sent', provider_ref: null, created_at: isoNow() })
      .execute();
    if (serverConfig().smsEchoToLog) {
      log().info({ phone: to, text: body }, 'sms outbox (demo: not sent)');
    }
  }
}
