import { expect, hydrated, test } from './fixtures.ts';
import { authenticator, inviteWithCli, STAFF_PASSWORD, staffEmail } from './admin-support.ts';
import { interpolate } from '../../src/i18n/t.ts';

test.describe('staff accounts', () => {
  test('the first owner joins from the CLI link, enrols TOTP, invites an operator who joins too; the owner signs in again with a code and finds the invitation in the audit log', async ({
    page,
    browser,
    t,
    shopLocale,
  }) => {
    test.setTimeout(180_000);
    const s = t.admin.signIn;
    const ownerEmail = staffEmail('owner');
    const link = inviteWithCli(ownerEmail, 'owner');
    await page.goto(link.replace('/en/', `/${shopLocale}/`));
    await expect(page.getByRole('heading', { name: s.acceptTitle })).toBeVisible();
    await page.getByLabel(s.newPassword).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: s.acceptSubmit }).click();
    await expect(page.getByRole('heading', { name: s.enrolTitle })).toBeVisible();
    const ownerApp = authenticator((await page.getByTestId('totp-secret').textContent())!.trim());
    await page.getByLabel(s.code).fill(await ownerApp());
    await page.getByRole('button', { name: s.enrolSubmit }).click();
    await expect(page.getByRole('heading', { name: s.recoveryTitle })).toBeVisible();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await page.getByRole('link', { name: s.recoveryDone }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.admin.frame.dashboard })).toBeVisible();

    // The owner invites an operator in the desk.
    await page.getByRole('navigation', { name: t.admin.frame.menu }).getByRole('link', { name: t.admin.frame.staff }).click();
    // The form writes once its island is awake (client:load): a click before that would post the bare form.
    await hydrated(page, 'StaffManager');
    const operatorEmail = staffEmail('operations');
    await page.getByLabel(t.admin.staff.name, { exact: true }).fill('Omar Operator');
    await page.getByLabel(t.admin.staff.email, { exact: true }).fill(operatorEmail);
    await page.getByLabel(t.admin.staff.role, { exact: true }).selectOption('operations');
    await page.getByRole('button', { name: t.admin.staff.sendInvite }).click();
    const inviteLink = await page.getByTestId('invite-link').inputValue();
    await expect(page.getByRole('cell', { name: operatorEmail })).toBeVisible();

    // The operator opens the link in a browser of their own.
    const operatorContext = await browser.newContext();
    const operator = await operatorContext.newPage();
    const url = new URL(inviteLink);
    await operator.goto(`${url.pathname}${url.search}`);
    await operator.getByLabel(s.newPassword).fill(STAFF_PASSWORD);
    await operator.getByRole('button', { name: s.acceptSubmit }).click();
    const operatorApp = authenticator((await operator.getByTestId('totp-secret').textContent())!.trim());
    await operator.getByLabel(s.code).fill(await operatorApp());
    await operator.getByRole('button', { name: s.enrolSubmit }).click();
    await operator.getByRole('link', { name: s.recoveryDone }).click();
    const menu = operator.getByRole('navigation', { name: t.admin.frame.menu });
    await expect(menu.getByRole('link', { name: t.admin.frame.orders })).toBeVisible();
    await expect(menu.getByRole('link', { name: t.admin.frame.staff })).toHaveCount(0);
    await operator.goto(`/${shopLocale}/admin/staff`);
    await expect(operator.getByRole('main').getByRole('alert')).toHaveText(t.admin.errors.forbidden);
    await operatorContext.close();

    // The owner signs out, then in again: password, then the authenticator's code.
    await page.getByRole('button', { name: t.admin.frame.signOut }).click();
    await expect(page.getByRole('heading', { name: s.title })).toBeVisible();
    await page.getByLabel(s.email).fill(ownerEmail);
    await page.getByLabel(s.password).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: s.submit }).click();
    await page.getByLabel(s.code).fill('000000');
    await page.getByRole('button', { name: s.verify }).click();
    await expect(page.getByRole('alert').first()).toContainText(t.admin.errors.wrongCode);
    await page.getByLabel(s.code).fill(await ownerApp());
    await page.getByRole('button', { name: s.verify }).click();
    await expect(
      page.getByText(interpolate(t.admin.frame.signedInAs, { name: ownerEmail.split('@')[0]!, role: t.admin.roles.owner })),
    ).toBeVisible();

    await page.goto(`/${shopLocale}/admin/audit?action=staff.invite`);
    await expect(page.getByRole('cell', { name: operatorEmail })).toBeVisible();
  });

  test('a guest who opens a desk page is asked to sign in and comes back to it', async ({ page, t, shopLocale }) => {
    const response = await page.goto(`/${shopLocale}/admin/staff`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/${shopLocale}/admin/login\\?next=`));
    await expect(page.getByRole('heading', { name: t.admin.signIn.title })).toBeVisible();
    const robots = await page.request.get('/robots.txt');
    expect(await robots.text()).toContain('Disallow: /en/admin/');
  });
});
