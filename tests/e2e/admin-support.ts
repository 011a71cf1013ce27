import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext, Cookie, Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { createE2eShopper, makeE2eAddress, withE2eDb } from './login.ts';
import type { StaffRole } from '../../src/core/permissions/permissions.ts';
import type { ProductDetail } from '../../src/lib/types.ts';
import { currentCode } from '../../src/core/second-factor/server/totp.ts';
import { openDatabase, type ShopDb } from '../../src/server/db/index.ts';

const dbPath = process.env['E2E_DATABASE_PATH'] ?? 'data/e2e.sqlite';
let counter = 0;

export const STAFF_PASSWORD = 'kettle-grinder-42';

/**
 * Runs the shared typed test-data helpers (tests/support/order-states.ts: the orders desk's mover, the payment
 * settlement) against the e2e database, through the same services the server uses: journeys put orders where they
 * need them this way, never with an UPDATE of a status. The server notices on its own (it reads the database).
 */
export async function withE2eServices<T>(work: (db: ShopDb) => Promise<T>): Promise<T> {
  const { db } = await openDatabase({ sqlitePath: dbPath, seed: false });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** A fresh staff e-mail for one journey (the e2e database lives for the whole run). */
export const staffEmail = (role: string) =>
  `${role}.${Date.now() % 1_000_000}.${(counter += 1)}.${randomBytes(2).toString('hex')}@staff.test`;

/**
 * Invites a staff member with the real CLI (`npm run staff -- add`), as an operator does for the first owner on a new
 * shop, and returns the path of the invitation link it printed.
 */
export function inviteWithCli(email: string, role: StaffRole): string {
  const out = execFileSync('npm', ['run', '-s', 'staff', '--', 'add', email, role], {
    env: { ...process.env, DATABASE_PATH: dbPath },
    encoding: 'utf8',
  });
  const link = /https?:\/\/\S+\/admin\/accept-invite\?token=\S+/.exec(out)?.[0];
  if (!link) throw new Error(`no invitation link in: ${out}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * An authenticator app for one secret. Each code is for a 30-second step not used before (the server refuses a step
 * used before as a replay) and at most one step ahead (the drift the server allows): the step now, or the next one
 * when this one is spent. A journey that enrols and signs in again within one step used to send the same step twice.
 */
export function authenticator(secret: string): () => Promise<string> {
  let last = Number.NEGATIVE_INFINITY;
  return async () => {
    for (;;) {
      const now = Math.floor(Date.now() / 30_000);
      const step = Math.max(now, last + 1);
      if (step <= now + 1) {
        last = step;
        return currentCode(secret, step * 30_000);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
}

/**
 * An invitation written straight into the e2e database, as the CLI's inviteStaff does (the CLI itself has its journey
 * in admin-staff.spec.ts): a process start per journey would cost seconds each.
 */
function inviteDirectly(email: string, role: StaffRole): string {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  withE2eDb((db) => {
    const staff = db
      .prepare(
        `INSERT INTO staff (email, name, role, status, created_at, updated_at) VALUES (?, ?, ?, 'invited', ?, ?) RETURNING id`,
      )
      .get(email, email.split('@')[0], role, now.toISOString(), now.toISOString()) as { id: number };
    db.prepare('INSERT INTO staff_invites (token_hash, staff_id, expires_at, used_at) VALUES (?, ?, ?, NULL)').run(
      createHash('sha256').update(token).digest('hex'),
      staff.id,
      new Date(now.getTime() + 3600_000).toISOString(),
    );
  });
  return token;
}

/** A staff member signed in through the API from this page's context (the sign-in pages have their own journey). */
export async function signedInStaff(page: Page, role: StaffRole): Promise<{ email: string; secret: string }> {
  return signInStaff(page.request, role);
}

/** A new staff member of `role` invited, enrolled and signed in through the API; the cookie stays in `request`. */
async function signInStaff(request: APIRequestContext, role: StaffRole): Promise<{ email: string; secret: string }> {
  const email = staffEmail(role);
  const token = inviteDirectly(email, role);
  const accepted = await request.post('/api/admin/auth/accept-invite', { data: { token, password: STAFF_PASSWORD } });
  if (!accepted.ok()) throw new Error(`accept ${accepted.status()}: ${await accepted.text()}`);
  const enrol = await request.get('/api/admin/auth/enrol');
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  const confirmed = await request.post('/api/admin/auth/enrol', { data: { code: currentCode(secret) } });
  if (!confirmed.ok()) throw new Error(`enrol ${confirmed.status()}: ${await confirmed.text()}`);
  return { email, secret };
}

/**
 * Journeys that need the desk open but not a member of their own (the every-template sweep): `deskAs(page, role)`
 * gives the page the session of one member per role and worker, signed in once, instead of a new member per journey
 * (each one an invitation, an argon2 hash and a row more in the staff list and the audit log the sweep then scans).
 */
export const deskTest = test.extend<{ deskAs: (page: Page, role: StaffRole) => Promise<void> }, { deskSessions: DeskSessions }>({
  deskSessions: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const sessions = new Map<StaffRole, Cookie[]>();
      const contexts: APIRequestContext[] = [];
      await use(async (role) => {
        const known = sessions.get(role);
        if (known) return known;
        const request = await playwright.request.newContext({ baseURL });
        contexts.push(request);
        await signInStaff(request, role);
        const { cookies } = await request.storageState();
        sessions.set(role, cookies);
        return cookies;
      });
      await Promise.all(contexts.map((request) => request.dispose()));
    },
    { scope: 'worker' },
  ],
  deskAs: async ({ deskSessions }, use) => {
    await use(async (page, role) => page.context().addCookies(await deskSessions(role)));
  },
});
type DeskSessions = (role: StaffRole) => Promise<Cookie[]>;

/**
 * A product of the journey's own (so no other journey's orders change its stock), with `stock` units; on sale when
 * `beforeDiscount` is above the price.
 */
export function e2eProduct(stock: number, price = 25000, beforeDiscount: number | null = null): number {
  const tag = `${Date.now() % 1_000_000}${(counter += 1)}`;
  return withE2eDb((db) => {
    const base = db.prepare('SELECT category_id, sub_category_id, seller_id FROM products ORDER BY id LIMIT 1').get() as Record<
      string,
      number
    >;
    const row = db
      .prepare(
        `INSERT INTO products (category_id, sub_category_id, seller_id, slug, sku, name_en, name_ar, description_en, description_ar,
           price, before_discount, stock, weight_grams, rating, ratings_count, images, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'Desk journey', 'رحلة لوحة الإدارة', ?, ?, ?, 250, 4, 1, ?, ?) RETURNING id`,
      )
      .get(
        base['category_id'],
        base['sub_category_id'],
        base['seller_id'],
        `desk-${tag}`,
        `DESK-${tag}`,
        `Desk beans ${tag}`,
        `بن المكتب ${tag}`,
        price,
        beforeDiscount,
        stock,
        JSON.stringify(['/media/products/placeholder.svg']),
        // Older than the seed: the shop's journeys pick from the newest 60 products, which desk products must not push out.
        '2000-01-01T00:00:00.000Z',
      ) as { id: number };
    return row.id;
  });
}

/** A journey's own product as the shop's API shows it (card fields, in the locale's language). */
export async function e2eProductCard(request: APIRequestContext, id: number, lang: string): Promise<ProductDetail> {
  const slug = withE2eDb((db) => (db.prepare('SELECT slug FROM products WHERE id = ?').get(id) as { slug: string }).slug);
  const res = await request.get(`/api/products/${slug}?lang=${lang}`);
  if (!res.ok()) throw new Error(`product ${id}: ${res.status()}`);
  return ((await res.json()) as { data: ProductDetail }).data;
}

export const stockOf = (productId: number): number =>
  withE2eDb((db) => (db.prepare('SELECT stock FROM products WHERE id = ?').get(productId) as { stock: number }).stock);

/** A courier to hand orders to. */
export function e2eCourier(name = 'Karim'): { id: number; name: string } {
  const full = `${name} ${(counter += 1)}`;
  const id = withE2eDb(
    (db) =>
      (
        db
          .prepare('INSERT INTO couriers (name, phone, active, created_at) VALUES (?, ?, 1, ?) RETURNING id')
          .get(full, '+201001112233', new Date().toISOString()) as {
          id: number;
        }
      ).id,
  );
  return { id, name: full };
}

/** A cash-on-delivery order placed through the shop's own API by a new shopper: `quantity` of `productId`. */
export async function placeCodOrder(
  request: APIRequestContext,
  productId: number,
  quantity = 2,
  /** More of the order's choice (e.g. `message_consent`), and the language it is placed in. */
  more: { fields?: Record<string, unknown>; lang?: string } = {},
) {
  const shopper = await createE2eShopper(request);
  makeE2eAddress(shopper.id, 'Home');
  const auth = { authorization: `Bearer ${shopper.token}` };
  const addresses = await request.get('/api/addresses', { headers: auth });
  const addressId = ((await addresses.json()) as { data: { id: number }[] }).data[0]!.id;
  const placed = await request.post(`/api/orders?lang=${more.lang ?? 'en-US'}`, {
    headers: auth,
    data: {
      products: [{ product_id: productId, quantity }],
      address_id: addressId,
      payment_method: 'cash_on_delivery',
      ...more.fields,
    },
  });
  if (!placed.ok()) throw new Error(`order ${placed.status()}: ${await placed.text()}`);
  const data = ((await placed.json()) as { data: { id: number; DiscountedTotal: number } }).data;
  return { id: data.id, total: data.DiscountedTotal, shopper };
}

/**
 * A partner application waiting for a decision, written straight to the database (the public form allows five per
 * address an hour, which the journeys that apply through it use); its documents are rows only, for pages to list.
 */
export function e2ePartnerApplication(): number {
  const now = new Date().toISOString();
  return withE2eDb((db) => {
    const { id } = db
      .prepare(
        `INSERT INTO partner_applications (brand_name, company_description, email, mobile, locale, status, created_at)
         VALUES (?, 'A family roastery in Mansoura supplying cafés since 2012.', 'hello@delta.example', '01012345678', 'en', 'received', ?) RETURNING id`,
      )
      .get(`Delta Roasters ${randomBytes(2).toString('hex')}`, now) as { id: number };
    const file = db.prepare(
      `INSERT INTO partner_application_files (application_id, kind, original_name, stored_name, mime, size, created_at) VALUES (?, ?, ?, ?, 'application/pdf', 2048, ?)`,
    );
    for (const kind of ['contract', 'tax_card']) file.run(id, kind, `${kind}.pdf`, `${randomBytes(16).toString('hex')}.pdf`, now);
    return id;
  });
}

/** What a draft of each kind holds in the desk's journeys and template checks (both languages). */
const deskDrafts = {
  articles: (lang: 'en' | 'ar', title: string) => ({
    data: { title, description: `${title}.`, date: '2026-11-25', author: 'Mona', cover: 'kettle-30-1', coverAlt: title },
    body: lang === 'en' ? '## Water\n\nUse **filtered** water.\n\n> Taste as you go.' : '## الماء\n\nاستخدم ماءً **مفلترًا**.',
  }),
  recipes: (lang: 'en' | 'ar', title: string) => ({
    data: {
      title,
      description: `${title}.`,
      date: '2026-11-25',
      method: 'filter',
      image: 'kettle-30-1',
      imageAlt: title,
      ingredients: lang === 'en' ? '15 g coffee\n250 g water' : '١٥ جم بن\n٢٥٠ جم ماء',
      steps: lang === 'en' ? 'Rinse the paper\nPour slowly' : 'اشطف الورقة\nاسكب ببطء',
      brewMinutes: '3',
      ratio: '1:16',
      servings: '1',
    },
    body: lang === 'en' ? 'A **clean** cup.' : 'كوب **نظيف**.',
  }),
  offers: (lang: 'en' | 'ar', title: string) => ({
    data: {
      title,
      description: `${title}.`,
      validFrom: '2026-11-01',
      validUntil: '2099-12-31',
      link: '/products',
      image: 'kettle-30-1',
      imageAlt: title,
    },
    body: lang === 'en' ? 'While stocks last.' : 'حتى نفاد الكمية.',
  }),
};

/** An entry written in the editors' desk (a draft in both languages), through its API; returns its slug. */
export async function e2eDeskEntry(request: APIRequestContext, kind: keyof typeof deskDrafts = 'articles'): Promise<string> {
  const slug = `desk-${Date.now() % 1_000_000}-${randomBytes(2).toString('hex')}`;
  const content = { en: deskDrafts[kind]('en', 'Brewing at home'), ar: deskDrafts[kind]('ar', 'التحضير في البيت') };
  const res = await request.put(`/api/admin/content/${kind}/${slug}`, { data: { content, was: null } });
  if (!res.ok()) throw new Error(`desk ${kind} ${res.status()}: ${await res.text()}`);
  return slug;
}
