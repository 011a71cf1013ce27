import webpush from 'web-push';
import { directionOf } from '#i18n/locales.ts';
import type { PushConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { MessageSendError, type MessageChannel, type OutgoingMessage, type SentMessage } from './channel.ts';
import { forgetSubscription, subscriptionsOfOrder, type StoredSubscription } from './push-subscriptions.ts';
import type { Fetch } from './whatsapp-cloud.ts';

type NotificationOf = NonNullable<OutgoingMessage['notification']>;

/** How long a push service keeps a message for a browser that is offline: a day, then the update is old news. */
export const PUSH_TTL_SECONDS = 24 * 3600;

/** What the service worker's `push` handler reads (src/pwa/sw.ts): shown as is, the tap opening `url`. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Replaces an earlier notification about the same order instead of piling up. */
  tag: string;
  lang: string;
  dir: 'ltr' | 'rtl';
}

/**
 * The request a push service takes (RFC 8030 §5, RFC 8291, RFC 8292): the payload encrypted to the browser's keys
 * (aes128gcm), signed with the shop's VAPID key (`Authorization: vapid t=<JWT>, k=<public key>`), with a TTL and an
 * urgency. web-push builds it; the adapter posts it with its own fetch, so tests post to a stand-in.
 */
export function pushRequest(subscription: StoredSubscription, payload: PushPayload, config: PushConfig) {
  return webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
}

/**
 * Web Push to every browser the order's shopper turned notifications on in. A 404 or 410 means the browser dropped
 * the subscription: its row goes, and that browser counts as done. The message is sent when at least one browser
 * took it (201) or none is left; when every try failed otherwise, it is retried (429, 5xx, unreachable) or given up
 * (another 4xx: our request is wrong, and trying again cannot help).
 */
export class PushChannel implements MessageChannel {
  readonly channel = 'push';
  // No parameter properties: the background jobs load this file with Node's type stripping (scripts/start.mjs).
  private readonly db: ShopDb;
  private readonly config: PushConfig;
  private readonly fetchImpl: Fetch;
  private readonly timeoutMs: number;
  constructor(db: ShopDb, config: PushConfig, fetchImpl: Fetch = fetch, timeoutMs = 10_000) {
    this.db = db;
    this.config = config;
    this.fetchImpl = fetchImpl;
    this.timeoutMs = timeoutMs;
  }

  async send(message: OutgoingMessage): Promise<SentMessage> {
    if (message.orderId === undefined || !message.notification)
      throw new MessageSendError('a notification needs its order and title', false);
    const subscriptions = await subscriptionsOfOrder(this.db, message.orderId);
    const payload = payloadOf(message.orderId, message.text, message.notification);
    let delivered = 0;
    let gone = 0;
    const failures: { status: number; retryable: boolean }[] = [];
    for (const subscription of subscriptions) {
      const status = await this.post(subscription, payload);
      if (status >= 200 && status < 300) delivered += 1;
      else if (status === 404 || status === 410) {
        gone += 1;
        await forgetSubscription(this.db, subscription.endpoint);
      } else failures.push({ status, retryable: status === 0 || status === 429 || status >= 500 });
    }
    if (delivered > 0 || failures.length === 0)
      return { provider: 'webpush', providerMessageId: `${delivered} of ${subscriptions.length} (${gone} gone)` };
    const statuses = failures.map((f) => f.status || 'unreachable').join(', ');
    throw new MessageSendError(
      `push services answered ${statuses}`,
      failures.some((f) => f.retryable),
    );
  }

  /** The push service's status, 0 when it could not be reached. */
  private async post(subscription: StoredSubscription, payload: PushPayload): Promise<number> {
    const request = pushRequest(subscription, payload, this.config);
    try {
      const res = await this.fetchImpl(request.endpoint, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    } catch {
      return 0;
    }
  }
}

function payloadOf(orderId: number, text: string, { title, url, locale }: NotificationOf): PushPayload {
  return { title, body: text, url, tag: `order-${orderId}`, lang: locale, dir: directionOf(locale) };
}
