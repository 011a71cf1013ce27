import { expect, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';
import { joinedOwner } from './seller-support.ts';

/**
 * Issue 40: staff approve a partner application → the desk shows the owner's invitation → the owner sets a password and
 * an authenticator → sees the seller's dashboard → invites a member; the portal at 360 px, axe-clean.
 */
test('an approved partner’s owner joins the seller portal and invites a member', async ({ page, request, at, t, shopLocale }) => {
  test.setTimeout(120_000);
  const s = t.seller;
  const { tag } = await joinedOwner(page, request, t, shopLocale);

  // The dashboard, in the language of the link (joinedOwner lands there); then the other language.
  await page.goto(at('/seller'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.dashboard.title);
  await expect(page.getByTestId('seller-products')).toBeVisible();
  await accessibleAt(page, 360);

  // The owner invites a member; the link is shown to hand over.
  await page.getByRole('link', { name: s.nav.team }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.team.title);
  await page.getByLabel(s.team.name).fill('Mona');
  await page.getByLabel(s.team.email).fill(`mona-${tag}@luxor.example`);
  await page.getByLabel(s.team.role).selectOption('orders');
  await page.getByRole('button', { name: s.team.inviteSubmit }).click();
  await expect(page.getByTestId('member-invite')).toContainText('/seller/accept-invite?token=');
  await expect(page.getByRole('cell', { name: `mona-${tag}@luxor.example` })).toBeVisible();
  await accessibleAt(page, 360);

  // The seller cookie opens no desk page: the desk asks for a staff sign-in.
  await page.goto(at('/admin'));
  await expect(page).toHaveURL(/\/admin\/login/);
});
