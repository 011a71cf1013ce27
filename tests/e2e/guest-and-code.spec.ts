import { expect, hydrated, test } from './fixtures.ts';

/** Issue 20: pages reached without what they expect say nothing untrue and move the shopper once. */

test('/verify-otp opened directly claims no code was sent and starts no countdown', async ({ page, at, t }) => {
  const a = t.account;
  await page.goto(at('/verify-otp'));
  await hydrated(page, 'VerifyOtpForm');
  await expect(page.getByLabel(a.mobile)).toBeVisible();
  await expect(page.getByText(a.codeSent)).toHaveCount(0);
  await expect(page.locator('[data-verify-intro]')).toHaveCount(0);
  await expect(page.getByText(a.resendIn.split('{seconds}')[0]!.trim())).toHaveCount(0);
});

test('after sign-up, the number sits inside the sentence, the full stop after it, unbroken', async ({ page, at, t }) => {
  await page.goto(at('/verify-otp'));
  await page.evaluate(() => sessionStorage.setItem('bb_verify_phone', '+201012345678'));
  await page.reload();
  await hydrated(page, 'VerifyOtpForm');
  const intro = page.locator('[data-verify-intro]');
  const [before, after] = t.account.verifyIntro.split('{phone}');
  await expect(intro).toHaveText(`${before}+201012345678${after}`);
  const number = intro.locator('bdi[dir="ltr"]');
  await expect(number).toHaveText('+201012345678');
  await expect(number).toHaveCSS('white-space', 'nowrap');
  await expect(page.getByRole('button', { name: t.account.notArrived })).toBeDisabled();
});

test('a guest on the order history is sent to login once', async ({ page, at, t }) => {
  const toLogin: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && new URL(r.url()).pathname === at('/login')) toLogin.push(r.url());
  });
  await page.goto(at('/profile/order-history'));
  await page.waitForURL(`**${at('/login')}?**`);
  await hydrated(page, 'LoginForm');
  await expect(page.getByRole('heading', { level: 1, name: t.account.loginTitle })).toBeVisible();
  expect(toLogin).toHaveLength(1);
  // Replaced, not stacked (the blank tab, then login): Back never returns to the profile page to be redirected again.
  expect(await page.evaluate(() => history.length)).toBe(2);
});
