import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { apiShopper } from './account-support.ts';

/**
 * How the checkout journeys log in: a shopper signed up and verified through the API (code from the outbox), then
 * logged in with POST /auth/login from the page's own request context, so the HttpOnly refresh cookie lands in the
 * browser exactly as after the login form (the form itself is covered by accounts.spec.ts).
 */
const dbPath = process.env['E2E_DATABASE_PATH'] ?? 'data/e2e.sqlite';

/** Runs `work` on the e2e database (the running server has it open too; WAL allows that). */
export function withE2eDb<T>(work: (db: SQLite.Database) => T): T {
  const db = new SQLite(dbPath);
  db.pragma('busy_timeout = 5000');
  try {
    return work(db);
  } finally {
    db.close();
  }
}

export interface E2eShopper {
  id: number;
  /** A bearer token for checking the server's side of things from the test. */
  token: string;
  email: string;
  password: string;
}

/** A verified shopper made through the accounts API (sign-up, the code from the outbox, login). */
export async function createE2eShopper(request: APIRequestContext): Promise<E2eShopper> {
  const shopper = await apiShopper(request, 'en', 'Mona');
  const res = await request.post('/api/auth/login?lang=en-US', {
    data: { login: shopper.email, password: shopper.password },
  });
  if (!res.ok()) throw new Error(`login ${res.status()}: ${await res.text()}`);
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  const me = await request.get('/api/auth/me?lang=en-US', { headers: { authorization: `Bearer ${token}` } });
  const id = ((await me.json()) as { data: { id: number } }).data.id;
  return { id, token, email: shopper.email, password: shopper.password };
}

/**
 * Logs a shopper (a new one, or `as` again, e.g. on a second device) into this page's browser context: the login
 * call from the page's own request context leaves the HttpOnly refresh cookie exactly as the login form does.
 */
export async function logIn(page: Page, as?: E2eShopper) {
  const shopper = as ?? (await createE2eShopper(page.request));
  const res = await page.request.post('/api/auth/login?lang=en-US', {
    data: { login: shopper.email, password: shopper.password },
  });
  if (!res.ok()) throw new Error(`login ${res.status()}: ${await res.text()}`);
  // The non-secret hint the login form leaves, so pages ask for a session (decision 007).
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.setItem('bb_session', '1'));
  return shopper;
}

/**
 * A coupon straight into the e2e database, for the shop's journeys (the desk's coupon form has its own journey in
 * admin-promotions.spec.ts). Returns its code.
 */
export function makeE2eCoupon(c: { kind: 'percent' | 'fixed'; value: number }) {
  return insertCoupon(c).code;
}

/** A coupon's id, for the desk's pages. */
export const e2eCouponId = () => insertCoupon({ kind: 'percent', value: 10 }).id;

function insertCoupon(c: { kind: 'percent' | 'fixed'; value: number }) {
  const code = `E2E${randomBytes(3).toString('hex').toUpperCase()}`;
  const { id } = withE2eDb(
    (db) =>
      db
        .prepare('INSERT INTO coupons (code, kind, value, created_at) VALUES (?, ?, ?, ?) RETURNING id')
        .get(code, c.kind, c.value, new Date().toISOString()) as { id: number },
  );
  return { id, code };
}

/** A saved address of a shopper in the first governorate (the address book API is the accounts work). */
export function makeE2eAddress(userId: number, title: string) {
  const now = new Date().toISOString();
  withE2eDb((db) =>
    db
      .prepare(
        `INSERT INTO addresses (user_id, title, governorate_id, city, area, street, is_primary, created_at, updated_at)
         VALUES (?, ?, (SELECT id FROM governorates ORDER BY position LIMIT 1), 'Cairo', 'Maadi', 'Road 9, 12', 1, ?, ?)`,
      )
      .run(userId, title, now, now),
  );
}
