import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import type { testApi } from './test-db.ts';

type Api = Awaited<ReturnType<typeof testApi>>;

let n = 0;

/** Sign-up details that pass every rule; phone numbers differ per call. */
export function newShopperInput(overrides: Record<string, string> = {}) {
  n += 1;
  const digits = `${process.pid % 1000}${n}`.padStart(8, '0').slice(-8);
  return {
    first_name: 'Mona',
    last_name: 'Hassan',
    email: `mona${digits}@example.com`,
    phone: `010${digits}`,
    password: 'brewing-coffee-at-dawn',
    password_confirmation: 'brewing-coffee-at-dawn',
    ...overrides,
  };
}

/** The code of the last SMS sent to a number (the development outbox). */
export async function lastCode(db: Kysely<Database>, phone: string): Promise<string> {
  const row = await db
    .selectFrom('sms_messages')
    .select('body')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.body)![1]!;
}

/** Signs up and verifies; returns the tokens, the E.164 phone and the credentials. */
export async function registeredShopper(t: Api, overrides: Record<string, string> = {}) {
  const input = newShopperInput(overrides);
  // Each shopper signs up from their own address, as real ones do (sign-ups are limited per address).
  const reg = await t.post('/api/auth/register', input, `198.51.100.${n % 250}`);
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const phone = reg.body.data.phone as string;
  const verified = await t.post('/api/auth/verify-otp', { phone, code: await lastCode(t.db, phone) });
  const data = verified.body.data as { access_token: string; refresh_token: string; user: { id: number } };
  return { input, phone, ...data, id: data.user.id, headers: { authorization: `Bearer ${data.access_token}` } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
