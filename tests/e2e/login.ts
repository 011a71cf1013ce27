/**
 * Logged-in shoppers for journeys. The ONE place that knows how a journey logs in: today (before the accounts
 * work, issue 9, is merged) it installs the session through the $session contract in a build made with
 * PUBLIC_E2E_SESSION=1; swap `logIn` for the real login page once it exists.
 */
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { signAccessToken } from '../../src/server/auth/access-token.ts';
import type { SessionUser } from '../../src/stores/session.ts';
import { E2E_AUTH_TOKEN_SECRET } from './auth-secret.ts';

process.env['AUTH_TOKEN_SECRET'] ??= E2E_AUTH_TOKEN_SECRET;

export interface E2eShopper {
  user: SessionUser;
  token: string;
  headers: { authorization: string };
}

let counter = 0;

/** A verified shopper written straight into the journeys' database, with a bearer token for API calls. */
export async function createShopper(firstName = 'Mona'): Promise<E2eShopper> {
  counter += 1;
  const db = new Database(process.env['E2E_DATABASE_PATH'] ?? 'data/e2e.sqlite');
  try {
    const n = `${Date.now() % 1_000_000}${process.pid % 100}${counter}`.slice(-8).padStart(8, '0');
    const now = new Date().toISOString();
    const user = { firstName, lastName: 'Shopper', email: `e2e${n}@example.com`, phone: `+2011${n}`, avatar: null };
    const { lastInsertRowid } = db
      .prepare(
        `insert into users (first_name, last_name, email, phone, password_hash, phone_verified_at, created_at, updated_at)
         values (?, ?, ?, ?, 'not-a-real-hash', ?, ?, ?)`,
      )
      .run(user.firstName, user.lastName, user.email, user.phone, now, now, now);
    const id = Number(lastInsertRowid);
    const token = await signAccessToken(id);
    return { user: { id, ...user }, token, headers: { authorization: `Bearer ${token}` } };
  } finally {
    db.close();
  }
}

/** Logs the shopper in on this page's browser context and lands back on the current page, as a login would. */
export async function logIn(page: Page, shopper: E2eShopper): Promise<void> {
  await page.context().addInitScript(
    (session) => {
      (window as unknown as { __e2eSession: unknown }).__e2eSession = session;
    },
    { user: shopper.user, token: shopper.token },
  );
  await page.reload();
}
