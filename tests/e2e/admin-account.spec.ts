import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';
import { authenticator, signedInStaff, STAFF_PASSWORD } from './admin-support.ts';
import { interpolate } from '../../src/i18n/t.ts';
import { plural } from '../../src/i18n/interpolate.ts';

/**
 * Issue 34: a member's own account at /{locale}/admin/account, on a 360 px phone: their sessions (another browser's
 * among them), ending one, new recovery codes, a password change that ends the other sessions. The page is rendered on
 * demand and carries the shop's whole content security policy.
 */
test('a member sees their sessions, ends one, makes new recovery codes and changes the password, which ends the others', async ({
  page,
  browser,
  t,
  shopLocale,
}) => {
  test.setTimeout(180_000);
  const a = t.adminAccount;
  await page.setViewportSize({ width: 360, height: 800 });
  const { email, secret } = await signedInStaff(page, 'support');
  const app = authenticator(secret);
  await app(); // the step the enrolment used

  // The same member on a tablet in the warehouse.
  const tablet = await browser.newContext({ userAgent: 'Warehouse tablet' });
  const signInOnTablet = async (second: { code: string } | { recovery_code: string }) => {
    expect((await tablet.request.post('/api/admin/auth/login', { data: { email, password: STAFF_PASSWORD } })).status()).toBe(
      200,
    );
    expect((await tablet.request.post('/api/admin/auth/code', { data: second })).status()).toBe(200);
  };
  const tabletMe = async () => (await tablet.request.get('/api/admin/me')).status();
  await signInOnTablet({ code: await app() });
  expect(await tabletMe()).toBe(200);

  const answer = await page.goto(`/${shopLocale}/admin/account`);
  // Rendered on demand, yet the whole policy: Astro's script hashes and the shop's directives in one header.
  const policy = answer!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain('script-src');
  await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
  await hydrated(page, 'SessionList');
  const sessions = page.getByTestId('staff-sessions');
  await expect(sessions.getByText('Warehouse tablet')).toBeVisible();
  await expect(sessions.getByText(a.sessions.current, { exact: true })).toBeVisible();
  await expect(page.getByTestId('recovery-left')).toHaveText(plural(a.recovery.left, 10, shopLocale));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await accessibleAt(page);

  // End the tablet's session: it is signed out at once.
  await page.getByRole('button', { name: interpolate(a.sessions.endLabel, { device: 'Warehouse tablet' }) }).click();
  await expect(sessions.getByText('Warehouse tablet')).toHaveCount(0);
  expect(await tabletMe()).toBe(401);

  // New recovery codes (the password proves it is the member).
  await hydrated(page, 'RecoveryCodesPanel');
  await page.getByLabel(a.recovery.password, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: a.recovery.submit }).click();
  const codes = page.getByTestId('recovery-codes').locator('li');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await accessibleAt(page);

  // The tablet signs in again with one of them; then the password changes here and the tablet is signed out.
  await signInOnTablet({ recovery_code: recovery });
  expect(await tabletMe()).toBe(200);
  await hydrated(page, 'PasswordChange');
  await page.getByLabel(a.password.current, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel(a.password.next, { exact: true }).fill('a-new-long-pass-99');
  await page.getByLabel(a.password.code, { exact: true }).fill(await app());
  await page.getByRole('button', { name: a.password.submit }).click();
  await expect(page.getByText(plural(a.password.done, 1, shopLocale))).toBeVisible();
  expect(await tabletMe()).toBe(401);
  // This browser goes on under its renewed session: only it is listed, with one recovery code spent.
  await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
  await expect(page.getByTestId('staff-sessions').locator('> li').filter({ hasText: a.sessions.current })).toHaveCount(1);
  await expect(page.getByTestId('staff-sessions').getByText('Warehouse tablet')).toHaveCount(0);
  await expect(page.getByTestId('recovery-left')).toHaveText(plural(a.recovery.left, 9, shopLocale));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await tablet.close();
});
