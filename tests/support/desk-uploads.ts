import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeStaff } from './staff.ts';
import { testApi } from './test-db.ts';

/**
 * An API over a fresh database whose uploads go to a folder of the test's own (UPLOADS_DIR), with an operations and a
 * support member signed in: the desk's upload tests (partner documents, product photos).
 */
export async function deskWithUploads() {
  const dir = await mkdtemp(join(tmpdir(), 'uploads-'));
  process.env['UPLOADS_DIR'] = dir;
  const t = await testApi();
  const operator = await makeStaff(t.db, t.api, 'operations');
  const support = await makeStaff(t.db, t.api, 'support');
  const close = async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { t, dir, operator, support, close };
}
