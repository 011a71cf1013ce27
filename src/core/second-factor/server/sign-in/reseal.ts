import type { Kysely } from 'kysely';
import type { ShopDb } from '#server/db/index.ts';
import { currentKeyId, keyIdOf, rekeyHash, resealSecret, SecretUnreadable, TOTP_PURPOSE } from '#server/auth/secret-box.ts';
import { realmDb, tablesOf, type TwoFactorRealm } from './realm.ts';

/**
 * Key rotation that finishes (issue 50): `npm run staff -- reseal` brings every second-factor secret (members' TOTP
 * secrets, secrets being enrolled in open sessions) and every recovery code hash of each realm (staff and seller
 * members) under STAFF_SECRET_KEY. Before, a secret was re-sealed only at its member's next sign-in and a recovery code
 * never, so dropping a retired key locked out whoever had not signed in since. Each row is updated only if it still
 * holds the value read (a sign-in re-sealing it meanwhile wins); a value whose key is not configured stays and is
 * counted, so the operator knows which retired key must stay.
 */
export interface SecretCensus {
  /** Values under each key id other than the current one (sealed secrets and recovery code hashes together). */
  retired: Record<string, number>;
}

interface StoredColumn {
  table: string;
  /** The row's key: sessions are keyed by their token's hash. */
  key: 'id' | 'token_hash';
  column: string;
  rekey: (stored: string) => string;
}

function columnsOf(realm: TwoFactorRealm): StoredColumn[] {
  const t = tablesOf(realm);
  const secret = (stored: string) => resealSecret(stored, TOTP_PURPOSE);
  return [
    { table: t.members, key: 'id', column: 'totp_secret', rekey: secret },
    { table: t.sessions, key: 'token_hash', column: 'pending_secret', rekey: secret },
    // Used codes too: nothing reads them, but a retired key should leave no trace behind.
    { table: t.recoveryCodes, key: 'id', column: 'code_hash', rekey: rekeyHash },
  ];
}

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/** The realm's tables are named at run time (staff or seller), so the queries are built without Kysely's types. */
const untyped = (db: ShopDb) => realmDb(db) as unknown as Loose;

async function valuesOf(db: ShopDb, { table, key, column }: StoredColumn): Promise<{ id: unknown; value: string }[]> {
  return (await untyped(db)
    .selectFrom(table)
    .select([`${key} as id`, `${column} as value`])
    .where(column, 'is not', null)
    .execute()) as { id: unknown; value: string }[];
}

/** Re-seals everything it can under the current key; returns how many were re-sealed and what remains, by key id. */
export async function resealAll(db: ShopDb, realms: TwoFactorRealm[]): Promise<{ resealed: number } & SecretCensus> {
  const current = currentKeyId();
  let resealed = 0;
  for (const realm of realms)
    for (const column of columnsOf(realm))
      for (const row of await valuesOf(db, column)) {
        if (keyIdOf(row.value) === current) continue;
        let value: string;
        try {
          value = column.rekey(row.value);
        } catch (error) {
          if (error instanceof SecretUnreadable) continue;
          throw error;
        }
        const updated = await untyped(db)
          .updateTable(column.table)
          .set({ [column.column]: value })
          .where(column.key, '=', row.id)
          .where(column.column, '=', row.value)
          .executeTakeFirst();
        resealed += Number(updated.numUpdatedRows);
      }
  return { resealed, ...(await secretCensus(db, realms)) };
}

/** How many stored values are still under a key other than the current one, by key id (the start-up log warns). */
export async function secretCensus(db: ShopDb, realms: TwoFactorRealm[]): Promise<SecretCensus> {
  const current = currentKeyId();
  const retired: Record<string, number> = {};
  for (const realm of realms)
    for (const column of columnsOf(realm))
      for (const { value } of await valuesOf(db, column)) {
        const id = keyIdOf(value);
        if (id !== current) retired[id] = (retired[id] ?? 0) + 1;
      }
  return { retired };
}
