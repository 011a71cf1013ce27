import Database from 'better-sqlite3';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLang, type Locale } from '../../src/i18n/locales.ts';
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

/** A verified shopper made through the API (sign-up + the code from the outbox). */
export async function apiShopper(request: APIRequestContext, locale: Locale, firstName = 'Salma') {
  const phone = newPhone();
  const email = `e2e-${phone.local}@example.com`;
  const lang = apiLang(locale);
  const reg = await request.post(`/api/auth/register?lang=${lang}`, {
    data: {
      first_name: firstName,
      last_name: 'Adel',
      email,
      phone: phone.local,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  if (reg.status() !== 201) throw new Error(`register ${reg.status()}: ${await reg.text()}`);
  const ok = await request.post(`/api/auth/verify-otp?lang=${lang}`, { data: { phone: phone.e164, code: codeFor(phone.e164) } });
  if (!ok.ok()) throw new Error(`verify ${ok.status()}`);
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
