import type { Kysely } from 'kysely';
import { signAccessToken } from '../../src/server/auth/access-token.ts';
import type { Database } from '../../src/server/db/schema.ts';

let counter = 0;

/** A verified shopper inserted straight into the database, with a bearer header for API requests. */
export async function makeShopper(
  db: Kysely<Database>,
  overrides: Partial<{ first_name: string; email: string; phone: string }> = {},
) {
  counter += 1;
  const n = `${Date.now() % 1_000_000}${counter}`.slice(-8).padStart(8, '0');
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      first_name: overrides.first_name ?? 'Test',
      last_name: 'Shopper',
      email: overrides.email ?? `shopper${n}@example.com`,
      phone: overrides.phone ?? `+2010${n}`,
      password_hash: 'not-a-real-hash',
      phone_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signAccessToken(row.id);
  return { id: row.id, token, headers: { authorization: `Bearer ${token}` } };
}
