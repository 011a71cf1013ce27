import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { SellerRole } from '../../src/core/permissions/seller-permissions.ts';
import type { Database } from '../../src/server/db/schema.ts';
import type { PayoutMethod } from '../../src/lib/seller-ledger/accounts.ts';
import { formatOrderId } from '../../src/i18n/format.ts';
import { apiLang, type Locale } from '../../src/i18n/locales.ts';
import { interpolate, interpolateIsolated, type Dictionary } from '../../src/i18n/t.ts';
import { makeSeller, makeSellerMember, makeSellerProduct } from '../support/seller.ts';
import { inviteSellerMember } from '../../src/seller/accounts/server/invitations.ts';
import { currentCode } from '../../src/core/second-factor/server/totp.ts';
import { expect, hydrated } from './fixtures.ts';
import { authenticator, signedInStaff, STAFF_PASSWORD, withE2eServices } from './admin-support.ts';
import { createE2eShopper, makeE2eAddress, withE2eDb } from './login.ts';

/** A partner's documents: a small but real PDF contract and the start of a PNG tax card. */
const contract = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/**
 * A seller of the journey's own with a product and a signed-in member (issue 40). The member's verified session is
 * opened by the seller accounts' services; signing in with a password and an authenticator code is the seller
 * journey's own (joinedOwner below).
 */
export async function e2eSeller(role: SellerRole = 'owner', price = 20000) {
  return withE2eServices(async (shopDb) => {
    const db = shopDb as unknown as Kysely<Database>;
    const sellerId = await makeSeller(db);
    const productId = await makeSellerProduct(db, sellerId, { price, stock: 20 });
    const member = await makeSellerMember(db, sellerId, role);
    const product = await db
      .selectFrom('products')
      .select(['name_en', 'name_ar'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    return { sellerId, productId, product, token: member.cookie.split('=')[1]! };
  });
}

/**
 * An owner for the seller of the oldest demo product in stock, and that product: nothing new in the catalog. The Arabic
 * crawl runs before the shopper journeys, which pick the newest products (a new seller's product would be one of them).
 */
export async function e2eDemoSellerOwner() {
  return withE2eServices(async (shopDb) => {
    const db = shopDb as unknown as Kysely<Database>;
    const product = await db
      .selectFrom('products')
      .select(['id', 'seller_id', 'name_en', 'name_ar'])
      .where('seller_id', 'is not', null)
      .where('stock', '>', 5)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const member = await makeSellerMember(db, product.seller_id!, 'owner');
    return { sellerId: product.seller_id!, productId: product.id, product, token: member.cookie.split('=')[1]! };
  });
}

/** A new seller with no product and no team (a journey gives it what it needs), and its names in both languages. */
export async function e2eNewSeller(name: string): Promise<{ id: number; en: string; ar: string }> {
  return withE2eServices(async (shopDb) => {
    const db = shopDb as unknown as Kysely<Database>;
    const id = await makeSeller(db, { name });
    const row = await db.selectFrom('sellers').select(['name_en', 'name_ar']).where('id', '=', id).executeTakeFirstOrThrow();
    return { id, en: row.name_en, ar: row.name_ar };
  });
}

/**
 * A member of the seller's team signed in the real way in `request` (a page's or a context's): invited, the invitation
 * taken with a password, an authenticator enrolled with a code from the secret the API handed out (issue 50's account
 * journeys need the secret, for the codes a password change asks for).
 */
export async function signedInSellerMember(request: APIRequestContext, sellerId: number, role: SellerRole) {
  const email = `${role}-${randomBytes(4).toString('hex')}@seller.test`;
  const { memberId, token } = await withE2eServices((db) =>
    db.transaction().execute((trx) => inviteSellerMember(trx, sellerId, { email, name: `${role} member`, role }, null)),
  );
  const accepted = await request.post('/api/seller/auth/accept-invite', { data: { token, password: STAFF_PASSWORD } });
  if (!accepted.ok()) throw new Error(`accept ${accepted.status()}: ${await accepted.text()}`);
  const { secret } = ((await (await request.get('/api/seller/auth/enrol')).json()) as { data: { secret: string } }).data;
  const confirmed = await request.post('/api/seller/auth/enrol', { data: { code: currentCode(secret) } });
  if (!confirmed.ok()) throw new Error(`enrol ${confirmed.status()}: ${await confirmed.text()}`);
  return { id: memberId, email, secret, name: `${role} member` };
}

/** A new shopper buys one of each product through the shop's API (cash on delivery). */
export async function placeTwoSellerOrder(request: APIRequestContext, productIds: number[]) {
  const shopper = await createE2eShopper(request);
  makeE2eAddress(shopper.id, 'Home');
  const auth = { authorization: `Bearer ${shopper.token}` };
  const addresses = await request.get('/api/addresses', { headers: auth });
  const addressId = ((await addresses.json()) as { data: { id: number }[] }).data[0]!.id;
  const placed = await request.post('/api/orders', {
    headers: auth,
    data: {
      products: productIds.map((product_id) => ({ product_id, quantity: 1 })),
      address_id: addressId,
      payment_method: 'cash_on_delivery',
    },
  });
  if (!placed.ok()) throw new Error(`order ${placed.status()}: ${await placed.text()}`);
  return ((await placed.json()) as { data: { id: number } }).data.id;
}

/**
 * Issue 40's way into the portal: a brand applies through the API, an operator approves it on the desk, and its owner
 * opens the invitation on a 360 px phone, chooses a password and enrols an authenticator, landing on the dashboard.
 * Returns the seller, its names, and the operator's desk cookies (to carry on working the desk in the same journey).
 */
export async function joinedOwner(page: Page, request: APIRequestContext, t: Dictionary, shopLocale: Locale) {
  const p = t.adminPartners;
  const tag = randomBytes(3).toString('hex');
  const names = { en: `Luxor Roasters ${tag}`, ar: `محمصة الأقصر ${tag}` };
  const email = `owner-${tag}@luxor.example`;
  // Every journey applies from the same loopback address, and a partner application is limited to 5 an hour per
  // address (partnerAddress): this journey starts that hour afresh, as a brand applying from its own office would.
  withE2eDb((db) => db.prepare("DELETE FROM rate_limits WHERE bucket = 'partnerAddress'").run());
  const applied = await request.post(`/api/partner-applications?lang=${apiLang(shopLocale)}`, {
    multipart: {
      brand_name: names.en,
      company_description: 'A roastery in Luxor supplying cafés since 2015.',
      email,
      mobile: `0112${String(Date.now() % 10_000_000).padStart(7, '0')}`,
      contract: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: contract },
      tax_card: { name: 'tax-card.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(applied.status()).toBe(201);

  await signedInStaff(page, 'operations');
  await page.goto(`/${shopLocale}/admin/partners`);
  await page.getByRole('link', { name: interpolate(p.open, { brand: names.en }) }).click();
  const form = page.getByRole('form', { name: p.approveTitle });
  await form.getByLabel(p.slug).fill(`luxor-${tag}`);
  await form.getByLabel(p.nameEn).fill(names.en);
  await form.getByLabel(p.nameAr).fill(names.ar);
  await form.getByLabel(p.cityEn).fill('Luxor');
  await form.getByLabel(p.cityAr).fill('الأقصر');
  await form.getByLabel(p.descriptionEn).fill('A roastery in Luxor since 2015, for cafés.');
  await form.getByLabel(p.descriptionAr).fill('محمصة في الأقصر تورد البن للمقاهي منذ 2015.');
  await form.getByRole('button', { name: p.approve }).click();
  const link = new URL((await page.getByTestId('owner-invite').textContent())!.trim());
  const deskCookies = await page.context().cookies();
  await page.context().clearCookies();

  // The owner opens the link (in the applicant's language), chooses a password and enrols an authenticator.
  await enrolThroughLink(page, link.href, t);
  const sellerId = withE2eDb(
    (db) => (db.prepare('SELECT id FROM sellers WHERE slug = ?').get(`luxor-${tag}`) as { id: number }).id,
  );
  return { tag, sellerId, name: names[shopLocale], email, deskCookies };
}

/**
 * Whoever holds a seller's one-time link (an invitation, or a new one after a lost authenticator) opens it on a 360 px
 * phone, chooses a password, enrols an authenticator and lands on the dashboard.
 */
export async function enrolThroughLink(page: Page, link: string, t: Dictionary, password = STAFF_PASSWORD) {
  const url = new URL(link);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.seller.acceptInvite.title);
  await page.getByLabel(t.admin.signIn.newPassword).fill(password);
  await page.getByRole('button', { name: t.admin.signIn.acceptSubmit }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(t.admin.signIn.code).fill(await authenticator(secret)());
  await page.getByRole('button', { name: t.admin.signIn.enrolSubmit }).click();
  await page.getByRole('link', { name: t.admin.signIn.recoveryDone }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.seller.dashboard.title);
}

/**
 * Fills the portal's new-product form in both languages with one photo (described in both) and creates it; returns the
 * new product's id. `price` is typed as the seller would, in the page's digits.
 */
export async function createSellerProduct(
  page: Page,
  t: Dictionary,
  at: (path: string) => string,
  product: { sku: string; nameEn: string; nameAr: string; price: string },
): Promise<number> {
  const e = t.adminCatalog.editor;
  await page.goto(at('/seller/products/new'));
  await hydrated(page, 'SellerProductEditor');
  await page.getByLabel(e.sku).fill(product.sku);
  await page.getByLabel(e.category, { exact: true }).selectOption({ index: 1 });
  await page.getByLabel(e.subCategory).selectOption({ index: 1 });
  await page.getByLabel(e.nameEn).fill(product.nameEn);
  await page.getByLabel(e.descriptionEn).fill('Berries and dark chocolate.');
  await page.getByLabel(e.nameAr).fill(product.nameAr);
  await page.getByLabel(e.descriptionAr).fill('توت وشوكولاتة داكنة.');
  await page.getByLabel(e.price, { exact: true }).fill(product.price);
  await page.getByLabel(e.stock).fill('12');
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6b3f22' } })
    .jpeg()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'guji.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByPlaceholder(e.english).fill('A bag of Guji beans');
  await page.getByPlaceholder(e.arabic).fill('كيس بن جوجي');
  await page.getByRole('button', { name: e.create }).click();
  await expect(page.getByRole('status').filter({ hasText: t.sellerCatalog.created })).toBeVisible();
  return Number(/\/seller\/products\/(\d+)/.exec(page.url())![1]);
}

/**
 * The signed-in seller opens its part of an order from the new orders: its own line there, the other seller's not.
 * Returns the list's response.
 */
export async function openPart(
  page: Page,
  t: Dictionary,
  at: (path: string) => string,
  orderId: number,
  mine: string,
  theirs: string,
) {
  const list = await page.goto(at('/seller/orders?status=new'));
  await page
    .getByRole('link', { name: interpolateIsolated(t.sellerOrders.list.open, { id: formatOrderId(orderId) }), exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(formatOrderId(orderId));
  await expect(page.getByRole('table')).toContainText(mine);
  await expect(page.getByRole('table')).not.toContainText(theirs);
  return list;
}

/** On its part's page, the seller accepts the part, then marks it ready for the courier. */
export async function acceptAndReady(page: Page, t: Dictionary) {
  const s = t.sellerOrders;
  await hydrated(page, 'PartActions');
  await page.getByRole('button', { name: s.part.accept, exact: true }).click();
  await expect(page.getByTestId('part-status')).toHaveText(s.statuses.accepted);
  await hydrated(page, 'PartActions');
  await page.getByRole('button', { name: s.part.ready, exact: true }).click();
  await expect(page.getByTestId('part-status')).toHaveText(s.statuses.ready);
  // Ready, the part waits for the courier: no actions left, and no empty box titled "Actions".
  await expect(page.getByRole('heading', { name: s.part.actions })).toHaveCount(0);
}

/** Finance opens the desk's payout dialog on the seller's money page and fills it in (`amount` typed as finance would). */
export async function fillPayout(
  page: Page,
  t: Dictionary,
  payout: { name: string; amount: string; method: PayoutMethod; reference: string },
) {
  const l = t.sellerLedger;
  await hydrated(page, 'SellerMoneyActions');
  await page.getByRole('button', { name: l.money.recordPayout }).click();
  const dialog = page.getByRole('dialog', { name: interpolateIsolated(l.money.payoutTitle, { name: payout.name }) });
  await dialog.getByLabel(l.money.payoutAmount).fill(payout.amount);
  await dialog.getByLabel(l.money.method).selectOption(payout.method);
  await dialog.getByLabel(l.money.payoutReference).fill(payout.reference);
  return dialog;
}
