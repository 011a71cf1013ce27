import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { SignJWT } from 'jose';
import { E2E_TOKEN_SECRET } from './e2e-secret.ts';

/**
 * THE one way the e2e journeys log in, until the login pages (issue 9) exist: a verified shopper is inserted into the
 * e2e SQLite file, a token is signed with the e2e server's key, and the page receives it through the $session
 * contract (window.__BEAN_TEST_SESSION__, read by src/islands/shared/shopper-api.ts). Swap the body for the real
 * login form later; callers keep calling logIn(page).
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

export interface E2eSession {
  token: string;
  user: { id: number; firstName: string; lastName: string; email: string; phone: string; avatar: null };
}

/** A verified shopper in the e2e database with a signed access token (log them in with logIn). */
export async function createE2eShopper(): Promise<E2eSession> {
  const tag = randomBytes(4).toString('hex');
  const now = new Date().toISOString();
  const user = {
    firstName: 'Mona',
    lastName: 'Test',
    email: `e2e-${tag}@example.com`,
    phone: `+2011${String(parseInt(tag, 16)).slice(-8).padStart(8, '0')}`,
  };
  const id = withE2eDb(
    (db) =>
      db
        .prepare(
          `INSERT INTO users (first_name, last_name, email, phone, password_hash, phone_verified_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'e2e', ?, ?, ?)`,
        )
        .run(user.firstName, user.lastName, user.email, user.phone, now, now, now).lastInsertRowid,
  );
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(id))
    .setIssuer('bean-bazaar')
    .setIssuedAt()
    .setExpirationTime('3600s')
    .sign(new TextEncoder().encode(E2E_TOKEN_SECRET));
  return { token, user: { id: Number(id), ...user, avatar: null } };
}

/** Logs a shopper (a new one, or `as` again, e.g. on a second device) into this page's browser context. */
export async function logIn(page: Page, as?: E2eSession) {
  const session = as ?? (await createE2eShopper());
  await page.addInitScript((s) => {
    window.__BEAN_TEST_SESSION__ = s;
  }, session);
  return { id: session.user.id, token: session.token, session };
}

/** A coupon straight into the e2e database (no back office yet). */
export function makeE2eCoupon(c: { kind: 'percent' | 'fixed'; value: number }) {
  const code = `E2E${randomBytes(3).toString('hex').toUpperCase()}`;
  withE2eDb((db) =>
    db
      .prepare('INSERT INTO coupons (code, kind, value, created_at) VALUES (?, ?, ?, ?)')
      .run(code, c.kind, c.value, new Date().toISOString()),
  );
  return code;
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
