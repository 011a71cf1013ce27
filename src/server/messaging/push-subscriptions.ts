import type { ShopDb } from '../db/index.ts';
import { nowIso } from '../db/values.ts';

/** A browser's subscription as the Push API gives it (`PushSubscription.toJSON()`), and as it is kept (migration 029). */
export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Browsers kept per shopper: the newest ones; an older phone beyond these stops getting notifications. */
export const MAX_SUBSCRIPTIONS_PER_SHOPPER = 10;

/**
 * The push services of the browsers that support Web Push (Chrome and Edge: FCM; Firefox: Mozilla's autopush; Safari:
 * Apple's; the Windows notification service). The shop posts to whatever address a shopper sends, so in production
 * only these hosts are taken: anything else would make the server post to an address of the sender's choosing.
 */
const PUSH_SERVICES = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /(^|\.)notify\.windows\.com$/,
];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether the shop may post to this endpoint: a known push service over https; outside production also loopback (tests' stand-in). */
export function endpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (!production && LOOPBACK.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  return url.protocol === 'https:' && PUSH_SERVICES.some((host) => host.test(url.hostname));
}

/**
 * Keeps a browser's subscription for the shopper: the endpoint is the device, so subscribing again (new keys) or from
 * another account on the same browser replaces its row. Only the newest MAX_SUBSCRIPTIONS_PER_SHOPPER are kept.
 */
export async function saveSubscription(db: ShopDb, userId: number, subscription: StoredSubscription): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, ...subscription, created_at: now })
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet({ user_id: userId, p256dh: subscription.p256dh, auth: subscription.auth, created_at: now }),
      )
      .execute();
    const beyond = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(MAX_SUBSCRIPTIONS_PER_SHOPPER)
      .limit(100)
      .execute();
    if (beyond.length)
      await trx
        .deleteFrom('push_subscriptions')
        .where(
          'id',
          'in',
          beyond.map((row) => row.id),
        )
        .execute();
  });
}

/** The shopper turned notifications off in a browser: its row goes (only the shopper's own). */
export async function removeSubscription(db: ShopDb, userId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** The push service said the subscription is gone (404, 410): whoever it belonged to, it is forgotten. */
export async function forgetSubscription(db: ShopDb, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** Whether the shopper has a browser to notify (an order update is queued for push only then). */
export async function hasSubscription(db: ShopDb, userId: number): Promise<boolean> {
  const row = await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** The browsers of the order's shopper, as they are now (one subscribed after the update was queued gets it too). */
export async function subscriptionsOfOrder(db: ShopDb, orderId: number): Promise<StoredSubscription[]> {
  return db
    .selectFrom('push_subscriptions')
    .innerJoin('orders', 'orders.user_id', 'push_subscriptions.user_id')
    .select(['push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth'])
    .where('orders.id', '=', orderId)
    .orderBy('push_subscriptions.id')
    .execute();
}
