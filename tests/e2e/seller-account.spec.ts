import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';
import { authenticator, signedInStaff, STAFF_PASSWORD } from './admin-support.ts';
import { e2eNewSeller, enrolThroughLink, signedInSellerMember } from './seller-support.ts';
import { withE2eDb } from './login.ts';
import { interpolate } from '../../src/i18n/t.ts';
import { plural } from '../../src/i18n/interpolate.ts';

/**
 * Issue 50: seller members get what staff have. Their own account at /{locale}/seller/account on a 360 px phone
 * (sessions, ending one, new recovery codes, a password change that ends the others), and the way back for a lost
 * authenticator: an operator resets a seller owner's from the desk's Sellers page, the owner comes back through the new
 * link and resets a member's from the Team page; both audited.
 */
const narrow = async (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('a seller member sees their sessions, ends one, makes new recovery codes and changes the password', async ({
  page,
  browser,
  t,
  at,
  shopLocale,
}) => {
  test.setTimeout(180_000);
  const a = t.adminAccount;
  await page.setViewportSize({ width: 360, height: 800 });
  const seller = await e2eNewSeller('Aswan Beans');
  const member = await signedInSellerMember(page.request, seller.id, 'orders');
  const app = authenticator(member.secret);
  await app(); // the step the enrolment used

  // The same member on the shop's tablet.
  const tablet = await browser.newContext({ userAgent: 'Shop tablet' });
  const signInOnTablet = async () => {
    const login = await tablet.request.post('/api/seller/auth/login', {
      data: { email: member.email, password: STAFF_PASSWORD },
    });
    expect(login.status()).toBe(200);
    expect((await tablet.request.post('/api/seller/auth/code', { data: { code: await app() } })).status()).toBe(200);
  };
  const tabletMe = async () => (await tablet.request.get('/api/seller/me')).status();
  await signInOnTablet();

  // Every role reaches it from the portal's menu.
  await page.goto(at('/seller'));
  await page.getByRole('link', { name: t.seller.nav.account }).click();
  await expect(page).toHaveURL(new RegExp(`${at('/seller/account')}$`));
  await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
  await hydrated(page, 'SessionList');
  const sessions = page.getByTestId('staff-sessions');
  await expect(sessions.getByText('Shop tablet')).toBeVisible();
  await expect(sessions.getByText(a.sessions.current, { exact: true })).toBeVisible();
  await expect(page.getByTestId('recovery-left')).toHaveText(plural(a.recovery.left, 10, shopLocale));
  await narrow(page);
  await accessibleAt(page);
  await page.screenshot({ path: test.info().outputPath(`seller-account-${shopLocale}.png`), fullPage: true });

  // End the tablet's session: it is signed out at once.
  await page.getByRole('button', { name: interpolate(a.sessions.endLabel, { device: 'Shop tablet' }) }).click();
  await expect(sessions.getByText('Shop tablet')).toHaveCount(0);
  expect(await tabletMe()).toBe(401);

  // New recovery codes (the password proves it is the member).
  await hydrated(page, 'RecoveryCodesPanel');
  await page.getByLabel(a.recovery.password, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: a.recovery.submit }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await accessibleAt(page, 360, { within: '[data-testid="recovery-codes"]' });

  // Signed in on the tablet again; a wrong code is refused in the page's language, then the password changes here and
  // the tablet is signed out.
  await signInOnTablet();
  await hydrated(page, 'PasswordChange');
  await page.getByLabel(a.password.current, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel(a.password.next, { exact: true }).fill('a-new-long-pass-99');
  await page.getByLabel(a.password.code, { exact: true }).fill('000000');
  await page.getByRole('button', { name: a.password.submit }).click();
  await expect(page.getByText(t.admin.errors.wrongCode).first()).toBeVisible();
  expect(await tabletMe()).toBe(200);
  await page.getByLabel(a.password.current, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel(a.password.next, { exact: true }).fill('a-new-long-pass-99');
  await page.getByLabel(a.password.code, { exact: true }).fill(await app());
  await page.getByRole('button', { name: a.password.submit }).click();
  await expect(page.getByText(plural(a.password.done, 1, shopLocale))).toBeVisible();
  expect(await tabletMe()).toBe(401);
  await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
  await expect(page.getByTestId('staff-sessions').getByText('Shop tablet')).toHaveCount(0);
  await narrow(page);
  const changed = withE2eDb((db) =>
    db
      .prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'sellerMember.password.change' AND seller_member_id = ?")
      .get(member.id),
  ) as { n: number };
  expect(changed.n).toBe(1);
  await tablet.close();
});

const resetsOf = (memberId: number) =>
  withE2eDb((db) =>
    db
      .prepare(
        "SELECT staff_id, seller_member_id, reason FROM audit_log WHERE action = 'sellerMember.authenticator.reset' AND subject_id = ?",
      )
      .all(String(memberId)),
  ) as { staff_id: number | null; seller_member_id: number | null; reason: string | null }[];

test('a lost authenticator: the desk gives the owner a new link, the owner gives a member one; both audited', async ({
  page,
  browser,
  t,
  shopLocale,
}) => {
  test.setTimeout(240_000);
  const r = t.adminPartners.ownerReset;
  const seller = await e2eNewSeller('Siwa Roasters');
  const name = seller[shopLocale];
  // The owner and a member, each signed in on their own phone; the owner's phone is then lost.
  const ownerPhone = await browser.newContext();
  const owner = await signedInSellerMember(ownerPhone.request, seller.id, 'owner');
  const memberPhone = await browser.newContext();
  const member = await signedInSellerMember(memberPhone.request, seller.id, 'orders');
  expect((await ownerPhone.request.get('/api/seller/me')).status()).toBe(200);

  // Operations, on the desk's Sellers page, having called the owner back.
  await signedInStaff(page, 'operations');
  await page.goto(`/${shopLocale}/admin/sellers`);
  const row = page.locator(`[data-seller="${seller.id}"]`);
  // Drawn when the line comes into view (client:visible).
  await row.scrollIntoViewIfNeeded();
  await row.locator('astro-island[component-url*="OwnerAuthenticatorReset"]:not([ssr])').waitFor({ state: 'attached' });
  await row.getByRole('button', { name: interpolate(r.open, { name }) }).click();
  const form = row.getByRole('form', { name: interpolate(r.open, { name }) });
  await form.getByRole('button', { name: r.submit }).click();
  // Without saying how it was checked, nothing happens: the reason is asked for, in the page's language.
  await expect(form.locator('[data-field-error]')).toBeVisible();
  expect((await ownerPhone.request.get('/api/seller/me')).status()).toBe(200);
  await form.getByLabel(r.reason).fill('Called the mobile on the application; the owner answered.');
  await accessibleAt(page, undefined, { within: `[data-seller="${seller.id}"]` });
  await form.getByRole('button', { name: r.submit }).click();
  const link = (await row.getByTestId('owner-reset-link').textContent())!.trim();
  expect(link).toContain(`/${shopLocale}/seller/accept-invite?token=`);
  await page.screenshot({ path: test.info().outputPath(`owner-reset-${shopLocale}.png`), fullPage: false });
  // Whatever the lost phone held opens nothing now.
  expect((await ownerPhone.request.get('/api/seller/me')).status()).toBe(401);
  expect(resetsOf(owner.id)).toEqual([
    expect.objectContaining({ seller_member_id: null, reason: expect.stringContaining('Called') }),
  ]);

  // The owner comes back through the link on a new phone.
  await page.context().clearCookies();
  await enrolThroughLink(page, link, t, 'fresh-start-2026');

  // The member lost theirs too: the owner gives them a new link from the Team page.
  await page.goto(`/${shopLocale}/seller/team`);
  await hydrated(page, 'TeamManager');
  const s = t.seller.team;
  await page.getByRole('button', { name: interpolate(s.resetLabel, { name: member.name }) }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(interpolate(s.resetConfirm, { name: member.name }));
  await accessibleAt(page, 360, { within: 'dialog' });
  await dialog.getByRole('button', { name: s.reset }).click();
  const memberLink = (await page.getByTestId('member-reset-link').textContent())!.trim();
  await narrow(page);
  await page.screenshot({ path: test.info().outputPath(`member-reset-${shopLocale}.png`), fullPage: true });
  expect((await memberPhone.request.get('/api/seller/me')).status()).toBe(401);
  expect(resetsOf(member.id)).toEqual([expect.objectContaining({ staff_id: null, seller_member_id: expect.any(Number) })]);

  const newPhone = await (await browser.newContext()).newPage();
  await enrolThroughLink(newPhone, memberLink, t, 'fresh-start-2026');

  // Removing a member asks first, in the kit's dialog in the page's language; the safe answer keeps them.
  const removeButton = page.getByRole('button', { name: `${s.remove}: ${member.name}` });
  await removeButton.click();
  await expect(page.getByRole('alertdialog')).toContainText(interpolate(s.removeConfirm, { name: member.name }));
  await page.getByRole('alertdialog').getByRole('button', { name: s.resetKeep }).click();
  await expect(removeButton).toBeVisible();
  await removeButton.click();
  await page.getByRole('alertdialog').getByRole('button', { name: s.remove, exact: true }).click();
  await expect(removeButton).toHaveCount(0);
  await Promise.all([ownerPhone.close(), memberPhone.close(), newPhone.context().close()]);
});
