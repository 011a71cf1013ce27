import { expect, test } from 'vitest';
import { clickTarget, notificationOf } from './sw-push.ts';

const ORIGIN = 'https://beanbazaar.example';

test('an Arabic order update shows right to left, and its tap opens the order page in Arabic', () => {
  const shown = notificationOf(
    {
      title: 'الطلب #12',
      body: 'بازار البن: تم توصيل طلبك',
      url: '/ar/profile/order-history#order-12',
      tag: 'order-12',
      lang: 'ar',
      dir: 'rtl',
    },
    ORIGIN,
  );
  expect(shown.title).toBe('الطلب #12');
  expect(shown.options).toMatchObject({ body: 'بازار البن: تم توصيل طلبك', lang: 'ar', dir: 'rtl', tag: 'order-12' });
  expect(shown.options.data.url).toBe(`${ORIGIN}/ar/profile/order-history#order-12`);
});

test('a tap never leaves the shop: another origin or an odd path opens the orders page', () => {
  expect(clickTarget('https://evil.example/ar/profile', ORIGIN)).toBe(`${ORIGIN}/en/profile/order-history`);
  expect(clickTarget('/api/orders', ORIGIN)).toBe(`${ORIGIN}/en/profile/order-history`);
  expect(clickTarget(undefined, ORIGIN)).toBe(`${ORIGIN}/en/profile/order-history`);
});

test('an unreadable payload still shows a notification (browsers require one per push)', () => {
  expect(notificationOf(null, ORIGIN)).toMatchObject({ title: 'Bean Bazaar', options: { lang: 'en', dir: 'ltr' } });
});
