import type { Dictionary } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { ApiError } from '../api/errors.ts';
import type { ShopDb } from '../db/index.ts';
import { isoNow } from './secrets.ts';

/** ASVS 5.0 V6.3.1: at most 10 failed logins per account and per client address in 15 minutes. */
export const MAX_FAILURES = 10;
export const WINDOW_SECONDS = 15 * 60;

type Scope = 'account' | 'ip';

/**
 * Throws 429 with Retry-After when the account or the address is over the limit. Counted in the database,
 * so the limit holds across app instances.
 */
export async function assertNotThrottled(db: ShopDb, t: Dictionary, account: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - WINDOW_SECONDS * 1000).toISOString();
  for (const [scope, subject] of [
    ['account', account],
    ['ip', ip],
  ] as [Scope, string][]) {
    const rows = await db
      .selectFrom('login_failures')
      .select('created_at')
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(MAX_FAILURES)
      .execute();
    if (rows.length >= MAX_FAILURES) {
      // Free again when the oldest of the last ten leaves the window.
      const oldest = Date.parse(rows[rows.length - 1]!.created_at);
      const wait = (oldest + WINDOW_SECONDS * 1000 - Date.now()) / 1000;
      throw new ApiError(429, interpolate(t.account.tooManyLogins, { minutes: Math.max(1, Math.ceil(wait / 60)) }), {}, wait);
    }
  }
}

export async function recordFailure(db: ShopDb, account: string, ip: string): Promise<void> {
  const now = isoNow();
  await db
    .insertInto('login_failures')
    .values([
      { scope: 'account', subject: account, created_at: now },
      { scope: 'ip', subject: ip, created_at: now },
    ])
    .execute();
}

/** A successful login clears the account's count (the address keeps its own). */
export async function clearFailures(db: ShopDb, account: string): Promise<void> {
  await db.deleteFrom('login_failures').where('scope', '=', 'account').where('subject', '=', account).execute();
}
