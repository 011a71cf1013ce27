import type { ShopDb } from '../../db/index.ts';
import { isoNow } from '../secrets.ts';
import { SmsDeliveryError, type SmsSender } from './sms-sender.ts';
import { log } from '../../observability/logger.ts';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sender id or number allowed for Egypt, or use messagingServiceSid. */
  from?: string | undefined;
  messagingServiceSid?: string | undefined;
  /** Defaults to https://api.twilio.com; tests point it at a local stub. */
  baseUrl?: string | undefined;
  timeoutMs?: number;
}

/**
 * Twilio Programmable Messaging (serves Egypt): POST /2010-04-01/Accounts/{AccountSid}/Messages.json,
 * HTTP Basic auth (Account SID : Auth Token), form-encoded To, From or MessagingServiceSid, Body; 201 with the
 * message `sid` when accepted, otherwise a JSON error {code, message, status}. The text is not stored (it
 * holds a code); only the delivery outcome and Twilio's sid.
 */
export class TwilioSender implements SmsSender {
  readonly name = 'twilio';
  // No parameter properties: the background jobs load this file with Node's type stripping (order messages' SMS).
  private readonly db: ShopDb;
  private readonly config: TwilioConfig;
  constructor(db: ShopDb, config: TwilioConfig) {
    this.db = db;
    this.config = config;
  }

  async send(to: string, body: string): Promise<void> {
    const { accountSid, authToken, from, messagingServiceSid, baseUrl, timeoutMs = 10_000 } = this.config;
    const form = new URLSearchParams({ To: to, Body: body });
    if (messagingServiceSid) form.set('MessagingServiceSid', messagingServiceSid);
    else form.set('From', from ?? '');
    const url = `${baseUrl ?? 'https://api.twilio.com'}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    let sid: string | null = null;
    let failure: string | null = null;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const reply = (await res.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
      if (res.ok && typeof reply.sid === 'string') sid = reply.sid;
      else failure = `Twilio answered ${res.status}${reply.code ? ` (error ${reply.code})` : ''}`;
    } catch (error) {
      failure = `Twilio unreachable: ${(error as Error).name}`;
    }
    await this.db
      .insertInto('sms_messages')
      .values({
        phone: to,
        body: '',
        provider: this.name,
        status: sid ? 'sent' : 'failed',
        provider_ref: sid,
        created_at: isoNow(),
      })
      .execute();
    if (failure) {
      log().warn({ to: `${to.slice(0, 6)}…`, reason: failure }, 'SMS not sent');
      throw new SmsDeliveryError(failure);
    }
  }
}
