import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { startS3StandIn } from '../support/s3-stand-in.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { apiClient, testApi } from '../support/test-db.ts';

/**
 * Uploads in an S3-compatible store (issue 54), through the API as a cluster uses it: two app instances on one
 * database and one store (the SigV4-checking stand-in), each with a disk of its own (UPLOADS_DIR switched before each
 * instance's request, as if on another machine). What one instance stores, the other serves at once; partner
 * documents stay private; an outage of the store is a localized 503 that leaves nothing half written.
 */
const standIn = await startS3StandIn();
const disks = { a: await mkdtemp(join(tmpdir(), 'instance-a-')), b: await mkdtemp(join(tmpdir(), 'instance-b-')) };
const saved = { STORAGE_URL: process.env['STORAGE_URL'], UPLOADS_DIR: process.env['UPLOADS_DIR'] };
process.env['STORAGE_URL'] = standIn.storageUrl();
const a = await testApi();
const b = apiClient(a.db);
const operator = await makeStaff(a.db, a.api, 'operations');

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await a.close();
  await standIn.close();
  await Promise.all(Object.values(disks).map((dir) => rm(dir, { recursive: true, force: true })));
});
beforeEach(() => {
  process.env['STORAGE_URL'] = standIn.storageUrl();
  standIn.failWhen(undefined);
});

let address = 0;
/** A request to one instance, on its own machine (its own UPLOADS_DIR). */
function on(instance: 'a' | 'b', path: string, init: RequestInit = {}) {
  process.env['UPLOADS_DIR'] = disks[instance];
  address += 1;
  return (instance === 'a' ? a : b).api.request(path, init, { clientAddress: `198.51.100.${address % 250}` });
}
const staff = (init: RequestInit = {}): RequestInit => ({ ...init, headers: { cookie: operator.cookie } });
const photo = (background: string) =>
  sharp({ create: { width: 900, height: 700, channels: 3, background } })
    .jpeg()
    .toBuffer();
function uploadPhoto(instance: 'a' | 'b', bytes: Buffer, lang = 'en-US') {
  const fd = new FormData();
  fd.append('file', new File([new Uint8Array(bytes)], 'beans.jpg'));
  return on(instance, `/api/admin/media/products?lang=${lang}`, staff({ method: 'POST', body: fd }));
}
const contract = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
let applicant = 0;
function apply(instance: 'a' | 'b', lang = 'en') {
  applicant += 1;
  const fd = new FormData();
  fd.append('brand_name', `Cluster Roasters ${applicant}`);
  fd.append('company_description', 'A family roastery in Mansoura supplying cafés since 2012.');
  fd.append('email', `cluster${applicant}@example.com`);
  fd.append('mobile', `0101235${String(5000 + applicant).padStart(4, '0')}`);
  fd.append('contract', new File([contract], 'contract.pdf', { type: 'application/pdf' }));
  fd.append('tax_card', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], 'tax.png'));
  return on(instance, `/api/partner-applications?lang=${lang}`, { method: 'POST', body: fd });
}
const variants = (url: string) =>
  [320, 640, 1200].flatMap((w) => ['avif', 'webp'].map((f) => url.replace('-640.webp', `-${w}.${f}`)));
const mediaObjects = () => [...standIn.objects.keys()].filter((key) => key.startsWith('media/'));
const nothingOnDisk = async () => [...(await readdir(disks.a)), ...(await readdir(disks.b))];

describe('two instances, one store', () => {
  test('a product photo stored through one instance is served by the other at once, every variant', async () => {
    const res = await uploadPhoto('a', await photo('#6b3e26'));
    expect(res.status).toBe(201);
    const { url } = ((await res.json()) as { data: { url: string } }).data;
    for (const variant of variants(url)) {
      const served = await on('b', variant);
      expect(served.status, variant).toBe(200);
      expect(served.headers.get('content-type')).toBe(`image/${variant.split('.').pop()}`);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const width = Number(/-(\d+)\./.exec(variant)![1]);
      expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).width).toBe(Math.min(width, 900));
    }
    expect(mediaObjects()).toHaveLength(6);
    expect(standIn.objects.get(`media/products/${url.split('/').pop()}`)?.access).toBe('public');
    expect(await nothingOnDisk()).toEqual([]);
  });

  test('on the disk default, the other instance has no such photo (what the store changes)', async () => {
    delete process.env['STORAGE_URL'];
    const res = await uploadPhoto('a', await photo('#203040'));
    expect(res.status).toBe(201);
    const { url } = ((await res.json()) as { data: { url: string } }).data;
    expect((await on('a', url)).status).toBe(200);
    expect((await on('b', url)).status).toBe(404);
    await rm(join(disks.a, 'media'), { recursive: true });
  });

  test('a partner document is refused to a guest on every instance, and served to staff by either', async () => {
    const res = await apply('a');
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    const file = await a.db
      .selectFrom('partner_application_files')
      .select(['id', 'stored_name'])
      .where('application_id', '=', id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(standIn.objects.get(file.stored_name)).toMatchObject({ access: 'private', cacheControl: 'private, no-store' });
    const path = `/api/admin/partners/applications/${id}/files/${file.id}`;
    for (const instance of ['a', 'b'] as const) {
      const guest = await on(instance, `${path}?lang=ar`);
      expect(guest.status).toBe(401);
      // The desk's refusal of today, in the reader's language, from either instance.
      expect(((await guest.json()) as { message: string }).message).toBe('انتهت جلسة العمل. سجّل الدخول مرة أخرى.');
      const served = await on(instance, path, staff());
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('no-store');
      expect(await served.text()).toBe(contract);
    }
    // No public address reads it: the shop's photo and avatar routes take their own names only.
    expect((await on('b', `/api/avatars/${file.stored_name}`)).status).toBe(404);
    expect(await nothingOnDisk()).toEqual([]);
  });

  test('an avatar uploaded through one instance is served by the other; the replaced one is removed', async () => {
    const shopper = await makeShopper(a.db);
    const upload = async (instance: 'a' | 'b', tail: number) => {
      const form = new FormData();
      form.set('avatar', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, tail])], 'me.png'));
      const res = await on(instance, '/api/auth/updateProfile', { method: 'POST', headers: shopper.headers, body: form });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { avatar: string } }).data.avatar;
    };
    const first = await upload('a', 1);
    const served = await on('b', first);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer()).at(-1)).toBe(1);
    const second = await upload('b', 2);
    expect((await on('a', second)).status).toBe(200);
    expect((await on('a', first)).status).toBe(404);
    expect([...standIn.objects.keys()].filter((k) => k.startsWith('avatars/'))).toEqual([`avatars/${second.split('/').pop()}`]);
  });
});

describe('the store down', () => {
  const problem = async (res: Response) => ({
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    ...((await res.json()) as { message: string; code: string }),
  });

  test('a photo upload that fails midway is a localized 503 and leaves no variant behind', async () => {
    const before = mediaObjects();
    let puts = 0;
    standIn.failWhen(({ method }) => method === 'PUT' && ++puts >= 3);
    const en = await problem(await uploadPhoto('a', await photo('#aa3300')));
    expect(en).toMatchObject({ status: 503, retryAfter: '30', code: 'api.storageUnavailable' });
    expect(en.message).toBe('Files cannot be saved or opened right now. Nothing was saved; please try again in a few minutes.');
    expect(mediaObjects()).toEqual(before);
    const ar = await problem(await uploadPhoto('b', await photo('#aa3300'), 'ar-EG'));
    expect(ar.message).toBe('تعذّر حفظ الملفات أو فتحها الآن، ولم يُحفظ شيء. يرجى المحاولة مرة أخرى بعد بضع دقائق.');
    expect(mediaObjects()).toEqual(before);
  });

  test('a partner application whose second document cannot be stored is a 503 with no row and no document', async () => {
    const rows = async () => (await a.db.selectFrom('partner_applications').select('id').execute()).length;
    const before = { rows: await rows(), objects: standIn.objects.size };
    let puts = 0;
    standIn.failWhen(({ method }) => method === 'PUT' && ++puts === 2);
    const res = await problem(await apply('b', 'ar'));
    expect(res).toMatchObject({ status: 503, code: 'api.storageUnavailable' });
    expect({ rows: await rows(), objects: standIn.objects.size }).toEqual(before);
  });

  test('an avatar that cannot be stored keeps the old one; reading a photo while the store is down is a 503', async () => {
    const shopper = await makeShopper(a.db);
    standIn.failWhen(({ method }) => method === 'PUT');
    const form = new FormData();
    form.set('avatar', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png'));
    const res = await on('a', '/api/auth/updateProfile?lang=ar', { method: 'POST', headers: shopper.headers, body: form });
    expect((await problem(res)).status).toBe(503);
    expect(
      (await a.db.selectFrom('users').select('avatar').where('id', '=', shopper.id).executeTakeFirstOrThrow()).avatar,
    ).toBeNull();
    standIn.failWhen(() => true);
    const read = await problem(await on('b', `/api/media/products/${'a'.repeat(24)}-640.webp?lang=ar`));
    expect(read).toMatchObject({ status: 503, code: 'api.storageUnavailable' });
  });
});

test('a malformed STORAGE_URL stops the start with the config module’s message, before anything else', () => {
  const start = spawnSync(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, STORAGE_URL: 's3://AK:TOPSECRET@minio.internal:9000/Uploads_Bucket', PORT: '0' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(start.status).toBe(1);
  expect(start.stderr).toContain('Not starting: STORAGE_URL is malformed: "Uploads_Bucket" is not a bucket name.');
  expect(start.stdout + start.stderr).not.toContain('TOPSECRET');
}, 30_000);
