import { defaultLocale, directionOf, LOCALE_SEGMENT, localeOr } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';

/**
 * What the service worker does with an order update pushed to it (decision 029), as pure functions a unit test walks:
 * the notification it shows from the payload src/server/messaging/push-channel.ts encrypts, and the page a tap opens.
 */
export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

const ORDERS = '/profile/order-history';
const LOCALIZED = new RegExp(`^/${LOCALE_SEGMENT}/`);

/** The shop's own page to open: the payload's when it is a localized path of this origin, else the orders page. */
export function clickTarget(url: unknown, origin: string): string {
  if (typeof url === 'string') {
    try {
      const target = new URL(url, origin);
      if (target.origin === origin && LOCALIZED.test(target.pathname)) return target.href;
    } catch {
      // Not a URL: the orders page below.
    }
  }
  return new URL(localePath(defaultLocale, ORDERS), origin).href;
}

/** The notification of a push payload; a push without a readable payload still shows something (browsers require it). */
export function notificationOf(payload: unknown, origin: string): ShownNotification {
  const p = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
  const lang = localeOr(p['lang']);
  return {
    title: text(p['title'], 'Bean Bazaar'),
    options: {
      body: text(p['body'], ''),
      lang,
      dir: directionOf(lang),
      // Another update about the same order replaces this one instead of piling up.
      tag: text(p['tag'], 'order-update'),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: clickTarget(p['url'], origin) },
    },
  };
}
