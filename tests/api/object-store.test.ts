import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverConfig, StorageUrlError, type StorageConfig } from '../../src/server/config.ts';
import { Problem } from '../../src/server/problem.ts';
import { diskStore } from '../../src/server/uploads/disk-store.ts';
import type { ObjectStore } from '../../src/server/uploads/object-store.ts';
import { objectUrl, s3Store } from '../../src/server/uploads/s3-store.ts';
import { sha256Hex, signRequest } from '../../src/server/uploads/sigv4.ts';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in.ts';

/**
 * The store of uploads (issue 54): both adapters keep the same contract, the S3 one against a stand-in that checks
 * Signature V4 as S3 does (tests/support/s3-stand-in.ts), and STORAGE_URL is read or refused by the config module.
 */
let standIn: S3StandIn;
let dir: string;
beforeAll(async () => {
  standIn = await startS3StandIn({ pageSize: 2 });
  dir = await mkdtemp(join(tmpdir(), 'store-'));
});
afterAll(async () => {
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
});

const s3Config = (url: string) => serverConfig({ STORAGE_URL: url }).storage as Extract<StorageConfig, { kind: 's3' }>;
const text = async (body: ReadableStream<Uint8Array>) => new Response(body).text();
const bytes = (s: string) => new TextEncoder().encode(s);

describe.each([
  ['disk', () => diskStore(join(dir, 'contract'))],
  ['s3 (the stand-in)', () => s3Store(s3Config(standIn.storageUrl({ extra: '/shop-a' })))],
])('the %s store', (_name, make: () => ObjectStore) => {
  test('stores whole objects, reads them back with their type and length, lists a folder, deletes', async () => {
    const store = make();
    expect(await store.get('avatars/none.png')).toBeNull();
    expect(await store.head('avatars/none.png')).toBeNull();
    await store.put('a.pdf', bytes('%PDF-1.4 one'), { type: 'application/pdf', access: 'private' });
    await store.put('b.pdf', bytes('%PDF-1.4 two'), { type: 'application/pdf', access: 'private' });
    await store.put('c.pdf', bytes('%PDF-1.4 three'), { type: 'application/pdf', access: 'private' });
    await store.put('avatars/x.png', bytes('png!'), { type: 'image/png', access: 'public' });
    const got = await store.get('b.pdf');
    expect(got && { type: got.type, length: got.length, text: await text(got.body) }).toEqual({
      type: 'application/pdf',
      length: 12,
      text: '%PDF-1.4 two',
    });
    expect(await store.head('avatars/x.png')).toEqual({ type: 'image/png', length: 4 });
    // The top folder only (the sweep's): three names over two pages at the stand-in, never the avatar.
    expect((await store.list('')).map((o) => o.key).sort()).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect((await store.list('avatars/')).map((o) => [o.key, o.length])).toEqual([['avatars/x.png', 4]]);
    await store.delete('b.pdf');
    await store.delete('b.pdf');
    expect(await store.get('b.pdf')).toBeNull();
    await expect(store.get('../etc/passwd')).rejects.toThrow(/Not an upload key/);
  });
});

describe('the S3 store at the stand-in', () => {
  test('objects go under the prefix, public ones cacheable and private ones not', () => {
    expect(standIn.objects.get('shop-a/avatars/x.png')).toMatchObject({
      type: 'image/png',
      access: 'public',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(standIn.objects.get('shop-a/a.pdf')).toMatchObject({ access: 'private', cacheControl: 'private, no-store' });
  });

  test('a wrong secret is refused by the stand-in (SignatureDoesNotMatch) and is a 503 for the shop', async () => {
    const store = s3Store(s3Config(standIn.storageUrl({ secret: 'not-the-secret' })));
    const error = await store.put('z.pdf', bytes('%PDF'), { type: 'application/pdf', access: 'private' }).catch((e) => e);
    expect(error).toBeInstanceOf(Problem);
    expect(error).toMatchObject({ status: 503, code: 'api.storageUnavailable' });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403, code: 'SignatureDoesNotMatch' });
    expect(standIn.objects.has('z.pdf')).toBe(false);
  });

  const signedAt = (at: Date, body = '') => {
    const url = new URL(`http://127.0.0.1:${standIn.port}/${standIn.bucket}/raw.txt`);
    const payloadHash = sha256Hex(body);
    const signed = signRequest(
      { method: 'PUT', url, headers: { 'x-amz-content-sha256': payloadHash }, payloadHash },
      { accessKeyId: standIn.accessKeyId, secretAccessKey: standIn.secretAccessKey, region: standIn.region, service: 's3' },
      at,
    );
    return { url, headers: signed.headers };
  };
  const codeOf = async (res: Response) => /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1];

  test('the stand-in takes a good signature, and refuses a tampered one, a stale date and a swapped body as S3 does', async () => {
    const good = signedAt(new Date(), 'hello');
    expect((await fetch(good.url, { method: 'PUT', headers: good.headers, body: 'hello' })).status).toBe(200);

    const auth = good.headers['authorization']!;
    const last = auth.at(-1) === '0' ? '1' : '0';
    const tampered = await fetch(good.url, {
      method: 'PUT',
      headers: { ...good.headers, authorization: `${auth.slice(0, -1)}${last}` },
      body: 'hello',
    });
    expect(tampered.status).toBe(403);
    expect(await codeOf(tampered)).toBe('SignatureDoesNotMatch');

    // Signed over one path, sent to another.
    const moved = await fetch(new URL(`/${standIn.bucket}/other.txt`, good.url), {
      method: 'PUT',
      headers: good.headers,
      body: 'hello',
    });
    expect(await codeOf(moved)).toBe('SignatureDoesNotMatch');

    const stale = signedAt(new Date(Date.now() - 20 * 60_000), 'hello');
    const late = await fetch(stale.url, { method: 'PUT', headers: stale.headers, body: 'hello' });
    expect(late.status).toBe(403);
    expect(await codeOf(late)).toBe('RequestTimeTooSkewed');

    const swapped = await fetch(good.url, { method: 'PUT', headers: good.headers, body: 'HELLO' });
    expect(swapped.status).toBe(400);
    expect(await codeOf(swapped)).toBe('XAmzContentSHA256Mismatch');
    expect(standIn.objects.get('raw.txt')?.bytes.toString()).toBe('hello');
  });

  test('an outage (503 or no answer at all) is a 503 Problem, never a raw error', async () => {
    const store = s3Store(s3Config(standIn.storageUrl()));
    standIn.failWhen(() => true);
    try {
      await expect(store.get('a.pdf')).rejects.toMatchObject({ status: 503, code: 'api.storageUnavailable' });
      await expect(store.head('a.pdf')).rejects.toMatchObject({ status: 503 });
    } finally {
      standIn.failWhen(undefined);
    }
    const closed = s3Store(s3Config('s3+http://K:S@127.0.0.1:9/shop-uploads?region=eu-central-1'));
    await expect(closed.list('')).rejects.toMatchObject({ status: 503, code: 'api.storageUnavailable' });
  });

  test('virtual-hosted and path-style addresses', () => {
    const aws = s3Config('s3://AK:SK@s3.eu-central-1.amazonaws.com/shop-uploads?region=eu-central-1');
    expect(aws.pathStyle).toBe(false);
    expect(objectUrl(aws, 'media/products/a b.webp').href).toBe(
      'https://shop-uploads.s3.eu-central-1.amazonaws.com/media/products/a%20b.webp',
    );
    const minio = s3Config('s3+http://AK:SK@10.0.0.5:9000/shop-uploads');
    expect(objectUrl(minio, 'x.pdf').href).toBe('http://10.0.0.5:9000/shop-uploads/x.pdf');
    expect(objectUrl(minio, null, 'list-type=2').href).toBe('http://10.0.0.5:9000/shop-uploads?list-type=2');
  });
});

describe('STORAGE_URL in the config module', () => {
  test('unset is the disk under UPLOADS_DIR; a full one is read, keys decoded', () => {
    expect(serverConfig({ UPLOADS_DIR: '/srv/uploads' }).storage).toEqual({ kind: 'disk', dir: '/srv/uploads' });
    expect(
      serverConfig({ STORAGE_URL: 's3://AKID:se%2Fcret@r2.example.com/bucket-1/shop?region=auto&path_style=0' }).storage,
    ).toEqual({
      kind: 's3',
      endpoint: 'https://r2.example.com',
      bucket: 'bucket-1',
      region: 'auto',
      pathStyle: false,
      accessKeyId: 'AKID',
      secretAccessKey: 'se/cret',
      prefix: 'shop/',
    });
  });

  test.each([
    ['minio:9000/bucket', /not a URL|scheme/],
    ['https://AK:SK@host/bucket', /the scheme is https, not s3/],
    ['s3://host:9000/bucket', /access key and secret key are missing/],
    ['s3://AK:TOPSECRET@host:9000', /no bucket after the host/],
    ['s3://AK:TOPSECRET@host:9000/Bad_Bucket', /"Bad_Bucket" is not a bucket name/],
    ['s3://AK:TOPSECRET@host:9000/bucket?regoin=eu', /unknown option "regoin"/],
    ['s3://AK:TOPSECRET@host:9000/bucket?path_style=yes', /path_style is 0 or 1/],
  ])('a malformed %s is refused with a clear message that never shows the secret', (url, message) => {
    let error: unknown;
    try {
      serverConfig({ STORAGE_URL: url });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StorageUrlError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toContain('STORAGE_URL is malformed');
    expect((error as Error).message).not.toContain('TOPSECRET');
  });
});
