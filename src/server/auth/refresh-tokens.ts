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

async function issue(db: ShopDb, userId: number, familyId: string): Promise<TokenPair> {
  const refresh = randomToken();
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: sha256(refresh),
      expires_at: isoIn(REFRESH_TOKEN_SECONDS),
      created_at: isoNow(),
    })
    .execute();
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
  if (!row || row.revoked_at || Date.parse(row.expires_at) <= Date.now()) return null;
  // Spend it atomically: of two parallel uses exactly one wins; the other is a reuse.
  const spent = await db
    .updateTable('refresh_tokens')
    .set({ used_at: isoNow() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    await revokeFamily(db, row.family_id);
    return null;
  }
  return issue(db, row.user_id, row.family_id);
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
