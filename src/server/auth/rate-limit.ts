import { sql } from 'kysely';
import { Problem } from '../problem.ts';
import type { ShopDb } from '../db/index.ts';

/**
 * The limits (issue 19, ASVS 5.0 V6.3.1 and V2.4.1). Per account they are tight; per client address generous,
 * because Egyptian mobile carriers put many shoppers behind one address.
 */
export const LIMITS = {
  /** Login attempts not (yet) known to have succeeded, per account whichever identifier was typed. */
  loginAccount: { max: 10, windowSeconds: 15 * 60 },
  loginAddress: { max: 10, windowSeconds: 15 * 60 },
  signUpAccount: { max: 5, windowSeconds: 60 * 60 },
  signUpAddress: { max: 20, windowSeconds: 60 * 60 },
  /** SMS codes sent (sign-up resend, forgotten password), per number and per address: each one costs money. */
  codePhone: { max: 5, windowSeconds: 60 * 60 },
  codeAddress: { max: 20, windowSeconds: 60 * 60 },
  resetPhone: { max: 10, windowSeconds: 15 * 60 },
  resetAddress: { max: 20, windowSeconds: 15 * 60 },
  partnerAddress: { max: 5, windowSeconds: 60 * 60 },
  /** Staff sign-in (the back office): passwords per address and per e-mail, second-factor codes per member. */
  staffLoginAddress: { max: 10, windowSeconds: 15 * 60 },
  staffLoginAccount: { max: 10, windowSeconds: 15 * 60 },
  /**
   * Once an e-mail is locked (staffLoginAccount), an address with fewer than this many failures for it still gets
   * through (issue 34: a lock an attacker cannot turn against an operator)…
   */
  staffLoginPair: { max: 3, windowSeconds: 15 * 60 },
  /** …up to this many attempts on the locked e-mail from such addresses, after which it is locked for all. */
  staffLoginAccountCap: { max: 50, windowSeconds: 15 * 60 },
  staffCode: { max: 5, windowSeconds: 15 * 60 },
  /** Ratings and reviews written or edited, and reviews reported, per shopper (issue 52). */
  reviewWrite: { max: 30, windowSeconds: 60 * 60 },
  reviewReport: { max: 10, windowSeconds: 60 * 60 },
} as const;

export type LimitName = keyof typeof LIMITS;

/**
 * Takes one slot in a limit's window in a single atomic statement (an upsert that either starts a new window or
 * adds one hit and returns the count), so concurrent requests on any number of instances each see their own
 * count. Returns the seconds to wait when the slot is over the limit; the hit stays counted (a caller keeps
 * hammering, the window does not move).
 */
export async function takeSlot(db: ShopDb, name: LimitName, subject: string, now = new Date()): Promise<number | null> {
  const { max, windowSeconds } = LIMITS[name];
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket: name, subject, window_start: at, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'subject']).doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${cutoff} then ${at} else rate_limits.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  if (Number(row.hits) <= max) return null;
  return Math.max(1, (Date.parse(row.window_start) + windowSeconds * 1000 - now.getTime()) / 1000);
}

/** The hits a subject has in a limit's current window (0 when none). */
export async function hitsOf(db: ShopDb, name: LimitName, subject: string, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - LIMITS[name].windowSeconds * 1000).toISOString();
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('bucket', '=', name)
    .where('subject', '=', subject)
    .where('window_start', '>', cutoff)
    .executeTakeFirst();
  return Number(row?.hits ?? 0);
}

/** Gives a slot back (a login that succeeded is not an attempt to count against the address). */
export async function giveBackSlot(db: ShopDb, name: LimitName, subject: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`hits - 1` })
    .where('bucket', '=', name)
    .where('subject', '=', subject)
    .where('hits', '>', 0)
    .execute();
}

/** Forgets a subject's count (a successful login or a password reset clears the account's). */
export async function clearSlots(db: ShopDb, name: LimitName, subject: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', name).where('subject', '=', subject).execute();
}

/** 429 with Retry-After; the message says how many minutes (`count`, through the message's plural forms). */
export function tooMany(waitSeconds: number, text: 'tooManyLogins' | 'tooManyRequests' = 'tooManyRequests'): Problem {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return new Problem(429, `account.${text}`, { values: { count: minutes }, retryAfter: waitSeconds });
}

/**
 * Takes a slot in each limit, in order, before any expensive work; throws 429 at the first one over its limit,
 * giving back the slots already taken (the request did nothing).
 */
export async function enforceLimits(
  db: ShopDb,
  slots: readonly [LimitName, string][],
  text: 'tooManyLogins' | 'tooManyRequests' = 'tooManyRequests',
): Promise<void> {
  const taken: [LimitName, string][] = [];
  for (const [name, subject] of slots) {
    const wait = await takeSlot(db, name, subject);
    if (wait !== null) {
      for (const [n, s] of taken) await giveBackSlot(db, n, s);
      throw tooMany(wait, text);
    }
    taken.push([name, subject]);
  }
}
