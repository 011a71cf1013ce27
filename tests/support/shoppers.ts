import type { Kysely } from 'kysely';
import { startSession } from '../../src/server/auth/refresh-tokens.ts';
import type { Database } from '../../src/server/db/schema.ts';

let counter = 0;

/**
 * A verified shopper inserted straight into the database, logged in: a real session (refresh-token family), so the
 * bearer token carries its `sid` as every token the API issues does.
 */
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
  const session = await startSession(db, row.id);
  const token = session.access_token;
  return { id: row.id, token, refreshToken: session.refresh_token, headers: { authorization: `Bearer ${token}` } };
}
