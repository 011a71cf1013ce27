import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { logIn, withE2eDb } from './login.ts';
import { accessibleAt } from './template-checks.ts';
import { chromiumFlags, fullChromiumPath } from '../../scripts/chromium.mjs';

/**
 * Issue 41 (decision 029): order updates as notifications, as far as headless Chromium goes. The offer on the orders
 * page never asks for permission by itself; a tap does, and the browser's subscription reaches the server for the
 * signed-in shopper; a second tap turns it off. Headless Chromium has no push service to register with (there is no
 * internet here either), so `pushManager.subscribe` is given a subscription whose endpoint is a loopback stand-in:
 * what the server does with it (encrypt, sign, post, forget on 404/410) is tests/api/web-push.test.ts's.
 */
test.use({
  serviceWorkers: 'allow',
  // The desktop Chromium: the headless shell the other journeys run on answers every permission "denied" from the
  // start, so the offer could never be in its untouched ("default") state there.
  launchOptions: { executablePath: fullChromiumPath, args: chromiumFlags },
});

/** Counts permission requests and answers `subscribe` with a loopback subscription (see above). */
async function watchPermissionAndPush(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { permissionAsked: number };
    w.permissionAsked = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      w.permissionAsked += 1;
      return ask();
    };
    let current: PushSubscription | null = null;
    const key = (n: number) => btoa(String.fromCharCode(...Array.from({ length: n }, (_, i) => (i * 7 + 4) % 256)));
    const urlSafe = (s: string) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    PushManager.prototype.subscribe = async function () {
      const endpoint = `http://127.0.0.1:9/push/e2e-${Math.random().toString(36).slice(2)}`;
      const keys = { p256dh: urlSafe(key(65)), auth: urlSafe(key(16)) };
      current = {
        endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => ((current = null), true),
      } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  });
}

const subscriptionsOf = (userId: number) =>
  withE2eDb(
    (db) => db.prepare('SELECT endpoint FROM push_subscriptions WHERE user_id = ?').all(userId) as { endpoint: string }[],
  );
const permissionAsked = (page: Page) => page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked);

test('permission only after a tap; the subscription reaches the server, and a second tap turns it off', async ({
  page,
  context,
  at,
  t,
}) => {
  const n = t.pwa.notifications;
  await watchPermissionAndPush(page);
  const shopper = await logIn(page);
  await page.goto(at('/profile/order-history'));
  const offer = page.locator('[data-order-notifications]');
  await expect(offer.getByRole('heading', { name: n.title })).toBeVisible();
  const toggle = offer.getByRole('button', { name: n.turnOn });
  await expect(toggle).toBeVisible();
  // Loaded and shown: nobody was asked anything.
  expect(await permissionAsked(page)).toBe(0);
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await accessibleAt(page, 360, { within: '[data-order-notifications]' });

  // The shopper taps and allows (the browser's prompt answered by the granted permission).
  await context.grantPermissions(['notifications']);
  await toggle.click();
  await expect(offer.getByRole('status')).toHaveText(n.on);
  expect(await permissionAsked(page)).toBe(1);
  await expect.poll(() => subscriptionsOf(shopper.id).length).toBe(1);

  // Turned off again: the server forgets this browser.
  await offer.getByRole('button', { name: n.turnOff }).click();
  await expect(offer.getByRole('status')).toHaveText(n.off);
  await expect.poll(() => subscriptionsOf(shopper.id).length).toBe(0);
});

test('a shopper who blocks notifications is told where to allow them; nothing reaches the server', async ({ page, at, t }) => {
  await watchPermissionAndPush(page);
  const shopper = await logIn(page);
  await page.goto(at('/checkout/success'));
  const offer = page.locator('[data-order-notifications]');
  // Headless Chromium answers a permission request it was not granted with "denied", as a shopper's "Block".
  await offer.getByRole('button', { name: t.pwa.notifications.turnOn }).click();
  await expect(offer.getByRole('status')).toHaveText(t.pwa.notifications.denied);
  await expect(offer.getByRole('button')).toBeHidden();
  expect(subscriptionsOf(shopper.id)).toEqual([]);
});

test.describe('on an iPhone, in Safari', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });

  test('the offer explains adding the shop to the home screen first, with no button', async ({ page, at, t }) => {
    await watchPermissionAndPush(page);
    await logIn(page);
    await page.goto(at('/profile/order-history'));
    const offer = page.locator('[data-order-notifications]');
    await expect(offer.getByText(t.pwa.notifications.iosInstall)).toBeVisible();
    await expect(offer.getByRole('link', { name: t.pwa.notifications.iosHow })).toHaveAttribute('href', at('/get-app'));
    await expect(offer.getByRole('button')).toBeHidden();
    expect(await permissionAsked(page)).toBe(0);
  });
});
