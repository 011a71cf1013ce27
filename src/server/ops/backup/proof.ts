import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { DATABASE_FILE, MANIFEST_FILE, type BackupProof } from './manifest.ts';

/**
 * What makes a backup prove itself (issue 50): the manifest lists a SHA-256 of every file it holds (the database copy
 * and each upload, by its path inside the backup), and an HMAC-SHA256 under BACKUP_KEY signs the manifest. Integrity
 * checks catch a broken file; only a checksum catches a changed street or amount inside a record that still parses,
 * and only a signature stops whoever changed the file from changing its checksum too. The key stays with the
 * operator (never in the backup), so a copy kept off the machine is verified against the same key on restore.
 * (`BackupProof`, the manifest's two fields, is declared beside the manifest.)
 */

/** A refusal naming what failed: the file (or the manifest) that does not match. */
export class BackupProofFailed extends Error {}

export function sha256OfFile(path: string): Promise<string> {
  return new Promise((done, failed) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', failed)
      .on('end', () => done(hash.digest('hex')));
  });
}

/** Every file of a backup folder but the manifest, as paths inside it with `/` (sorted: the manifest reads the same). */
export function backupFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (path !== MANIFEST_FILE) files.push(path);
  }
  return files.sort();
}

/** The checksums of a backup folder's files (the database copy and the uploads). */
export async function checksumsOf(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const path of backupFiles(folder)) files[path] = await sha256OfFile(join(folder, path));
  return files;
}

/** A short name for the key (not the key): which key signed, for an operator holding several. */
const keyIdOf = (key: string) => createHash('sha256').update(`backup-key:${key}`).digest('hex').slice(0, 8);

/** The bytes signed: the manifest without its signature, keys in a fixed order, so a reformatted file still verifies. */
function signedBytes(manifest: object): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([name]) => name !== 'signature')
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([name, inner]) => [name, canonical(inner)]),
          )
        : value;
  return JSON.stringify(canonical(manifest));
}

const hmac = (key: string, manifest: object) => createHmac('sha256', key).update(signedBytes(manifest)).digest('hex');

/** The signature of a manifest that already lists its files. */
export function signManifest(manifest: object, key: string): BackupProof['signature'] {
  return { algorithm: 'HMAC-SHA256', keyId: keyIdOf(key), value: hmac(key, manifest) };
}

/**
 * Verifies a backup folder against its manifest before anything is touched: the signature under `key`, then each
 * listed file's checksum, then that nothing unlisted was added. Throws `BackupProofFailed` naming the first file that
 * does not match; reads every byte once (a restore reads them anyway).
 */
export async function verifyBackup(folder: string, manifest: Partial<BackupProof>, key: string | undefined): Promise<void> {
  if (!manifest.files || !manifest.signature)
    throw new BackupProofFailed(
      `${MANIFEST_FILE} has no checksums (a backup from before they were recorded): it cannot prove it is unchanged.`,
    );
  if (!key) throw new BackupProofFailed('BACKUP_KEY is not set: the backup cannot be verified without the key that signed it.');
  const expected = Buffer.from(hmac(key, manifest), 'hex');
  const given = Buffer.from(manifest.signature.value, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new BackupProofFailed(
      manifest.signature.keyId === keyIdOf(key)
        ? `${MANIFEST_FILE} was changed after the backup was signed (its signature does not match).`
        : `${MANIFEST_FILE} was signed with another BACKUP_KEY (key ${manifest.signature.keyId}, this one is ${keyIdOf(key)}).`,
    );
  for (const [path, sum] of Object.entries(manifest.files)) {
    const file = join(folder, path);
    if (!existsSync(file)) throw new BackupProofFailed(`${path} is missing from the backup.`);
    if ((await sha256OfFile(file)) !== sum)
      throw new BackupProofFailed(`${path} was changed since the backup (its SHA-256 differs).`);
  }
  const extra = backupFiles(folder).find((path) => !(path in manifest.files!));
  if (extra) throw new BackupProofFailed(`${extra} was added to the backup after it was taken.`);
  if (!(DATABASE_FILE in manifest.files)) throw new BackupProofFailed(`${DATABASE_FILE} is not among the backup's files.`);
}
