import Database from 'better-sqlite3';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/locales.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { hydrated } from './fixtures.ts';

const dbPath = process.env['E2E_DATABASE_PATH'] ?? 'data/e2e.sqlite';

/** The last code sent to a number, read from the development outbox in the e2e database file. */
export function codeFor(phone: string): string {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select body from sms_messages where phone = ? order by id desc limit 1').get(phone) as
      { body: string } | undefined;
    const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
    if (!code) throw new Error(`no code in the outbox for ${phone}`);
    return code;
  } finally {
    db.close();
  }
}

/** A fresh Egyptian mobile number in local form and in E.164. */
export function newPhone() {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { local: `010${digits}`, e164: `+2010${digits}` };
}

export const PASSWORD = 'a quiet cup at sunrise';

/** PASSWORD's hash, computed once per worker (argon2id is slow on purpose). */
let passwordHash: Promise<string> | undefined;

/**
 * A verified shopper, written straight into the e2e database as a finished sign-up leaves it. The sign-up flow
 * itself is a journey of its own (accounts.spec.ts); going through it for every journey's shopper would run
 * into the per-address sign-up limit (issue 19), as it should for anyone creating a hundred accounts an hour.
 */
export async function apiShopper(_request: APIRequestContext, _locale: Locale, firstName = 'Salma') {
  const phone = newPhone();
  const email = `e2e-${phone.local}@example.com`;
  const hash = await (passwordHash ??= hashPassword(PASSWORD));
  const now = new Date().toISOString();
  const db = new Database(dbPath);
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `insert into users (first_name, last_name, email, phone, password_hash, avatar, phone_verified_at, created_at, updated_at)
       values (?, 'Adel', ?, ?, ?, null, ?, ?, ?)`,
    ).run(firstName, email, phone.e164, hash, now, now, now);
  } finally {
    db.close();
  }
  return { email, phone, firstName, password: PASSWORD };
}

/** Fills the login form of the current page and submits it. */
export async function submitLogin(
  page: Page,
  login: string,
  password: string,
  labels: { loginField: string; password: string; loginButton: string },
) {
  await hydrated(page, 'LoginForm');
  await page.getByLabel(labels.loginField).fill(login);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.loginButton }).click();
}
