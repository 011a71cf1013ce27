import { randomUUID } from 'node:crypto';
import type { ShopDb } from '../db/index.ts';
import { signAccessToken, ACCESS_TOKEN_SECONDS } from './access-token.ts';
import { isoIn, isoNow, randomToken, sha256 } from './secrets.ts';

/** Spec section 9: refresh tokens live 30 days. */
export const REFRESH_TOKEN_SECONDS = 2_592_000;

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_expires_in: number;
}

/**
 * A spent token presented again within this many seconds, while the token that replaced it was never used, is
 * taken as a refresh answer that never reached the browser (the shopper navigated away mid-request): the unused
 * successor is revoked and a new one issued. Anything else is a replay. Decision 007.
 */
export const REUSE_GRACE_SECONDS = 15;

async function issue(db: ShopDb, userId: number, familyId: string, replaces?: number): Promise<TokenPair> {
  const refresh = randomToken();
  const { id } = await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: sha256(refresh),
      expires_at: isoIn(REFRESH_TOKEN_SECONDS),
      created_at: isoNow(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (replaces !== undefined)
    await db.updateTable('refresh_tokens').set({ replaced_by: id }).where('id', '=', replaces).execute();
  return {
    access_token: await signAccessToken(userId, familyId),
    refresh_token: refresh,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_expires_in: REFRESH_TOKEN_SECONDS,
  };
}

/** A new session (token family) for a shopper who just proved who they are. */
export const startSession = (db: ShopDb, userId: number) => issue(db, userId, randomUUID());

/**
 * Rotation (ASVS 5.0 V7.2.4, V9.x): a live token is spent and replaced in the same family. A token that was
 * already spent is a replay (stolen or leaked): the whole family is revoked and null returned.
 */
export async function rotate(db: ShopDb, presented: string): Promise<TokenPair | null> {
  const hash = sha256(presented);
  const row = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= Date.now()) return null;
  if (row.revoked_at) {
    // A revoked token only comes back from a thief (or a lost answer's revoked successor): end the family.
    await revokeFamily(db, row.family_id);
    return null;
  }
  // Spend it atomically: of two parallel uses exactly one wins; the other is a reuse.
  const spent = await db
    .updateTable('refresh_tokens')
    .set({ used_at: isoNow() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    if (await recoverLostAnswer(db, row)) return issue(db, row.user_id, row.family_id, row.id);
    await revokeFamily(db, row.family_id);
    return null;
  }
  return issue(db, row.user_id, row.family_id, row.id);
}

async function recoverLostAnswer(db: ShopDb, row: { used_at: string | null; replaced_by: number | null }): Promise<boolean> {
  const usedAt = row.used_at ? Date.parse(row.used_at) : 0;
  if (!row.replaced_by || Date.now() - usedAt > REUSE_GRACE_SECONDS * 1000) return false;
  // Only while the successor is untouched; atomically, so one retry wins.
  const revoked = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: isoNow() })
    .where('id', '=', row.replaced_by)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows) === 1;
}

export async function revokeFamily(db: ShopDb, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: isoNow() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The family a presented token belongs to (for logout), or null. */
export async function familyOf(db: ShopDb, presented: string): Promise<{ familyId: string; userId: number } | null> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'user_id'])
    .where('token_hash', '=', sha256(presented))
    .executeTakeFirst();
  return row ? { familyId: row.family_id, userId: row.user_id } : null;
}

/** Ends every session of a shopper except `keepFamily` (password change / reset, ASVS 5.0 V7.4.3). */
export async function revokeOtherSessions(db: ShopDb, userId: number, keepFamily?: string): Promise<void> {
  let q = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: isoNow() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamily) q = q.where('family_id', '!=', keepFamily);
  await q.execute();
}

/** Whether an access token's session is still alive (logout and password changes end it before its hour is up). */
export async function sessionAlive(db: ShopDb, familyId: string): Promise<boolean> {
  const live = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return live !== undefined;
}
