import type { StorageConfig } from '../config.ts';
import { checkKey, storeUnavailable, type ListedObject, type ObjectStore } from './object-store.ts';
import { sha256Hex, signRequest, uriEncode } from './sigv4.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** A store that does not answer within this long is down for this request (503). */
const TIMEOUT_MS = 30_000;
const EMPTY_HASH = sha256Hex('');

/** An object's or the bucket's address, path-style (`host/bucket/key`) or virtual-hosted (`bucket.host/key`). */
export function objectUrl(config: S3Config, key: string | null, query = ''): URL {
  const endpoint = new URL(config.endpoint);
  const path = key === null ? '' : key.split('/').map(uriEncode).join('/');
  const url = config.pathStyle
    ? new URL(`${endpoint.origin}/${config.bucket}${key === null ? '' : `/${path}`}`)
    : new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}/${path}`);
  url.search = query;
  return url;
}

const xmlText = (text: string): string =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
const tag = (xml: string, name: string): string | undefined => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/**
 * Uploads in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), spoken with plain `fetch` and Signature V4
 * (sigv4.ts): PUT, GET, HEAD, DELETE and ListObjectsV2. S3 writes an object whole or not at all. Whatever the store
 * answers but success (a 5xx, a refused signature, no answer) is a 503 for the request (`storeUnavailable`).
 */
export function s3Store(config: S3Config): ObjectStore {
  const credentials = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  };
  const send = async (method: string, url: URL, body?: Uint8Array, headers: Record<string, string> = {}) => {
    const payloadHash = body ? sha256Hex(body) : EMPTY_HASH;
    const signed = signRequest(
      { method, url, headers: { ...headers, 'x-amz-content-sha256': payloadHash }, payloadHash },
      credentials,
      new Date(),
    );
    try {
      // Bytes in memory (at most an upload's 5 MB, or a backup file): sent with their length, never chunked.
      const payload = body ? { body: body as Uint8Array<ArrayBuffer> } : {};
      return await fetch(url, { method, headers: signed.headers, ...payload, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw storeUnavailable({ method, bucket: config.bucket, error: error instanceof Error ? error.message : String(error) });
    }
  };
  /** Any answer but the expected ones: the store's own error code goes to the log. */
  const failed = async (method: string, response: Response) => {
    const text = method === 'HEAD' ? '' : await response.text().catch(() => '');
    return storeUnavailable({ method, bucket: config.bucket, status: response.status, answer: tag(text, 'Code') });
  };
  const full = (key: string) => `${config.prefix}${checkKey(key)}`;
  const info = (response: Response) => ({
    type: response.headers.get('content-type') ?? 'application/octet-stream',
    length: Number(response.headers.get('content-length') ?? 0),
  });

  return {
    kind: 's3',
    async put(key, bytes, { type, access }) {
      const response = await send('PUT', objectUrl(config, full(key)), bytes, {
        'content-type': type,
        // What a CDN in front of the bucket would keep; the shop's routes set their own.
        'cache-control': access === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
        'x-amz-meta-access': access,
      });
      if (!response.ok) throw await failed('PUT', response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('GET', objectUrl(config, full(key)));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await failed('GET', response);
      return { ...info(response), body: response.body };
    },
    async head(key) {
      const response = await send('HEAD', objectUrl(config, full(key)));
      if (response.status === 404) return null;
      if (!response.ok) throw await failed('HEAD', response);
      return info(response);
    },
    async delete(key) {
      const response = await send('DELETE', objectUrl(config, full(key)));
      if (!response.ok && response.status !== 404) throw await failed('DELETE', response);
      await response.body?.cancel();
    },
    async list(folder) {
      const listed: ListedObject[] = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix: `${config.prefix}${folder}`, delimiter: '/' });
        if (token) query.set('continuation-token', token);
        const response = await send('GET', objectUrl(config, null, query.toString()));
        if (!response.ok) throw await failed('GET', response);
        const xml = await response.text();
        for (const [, entry = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g))
          listed.push({
            key: xmlText(tag(entry, 'Key') ?? '').slice(config.prefix.length),
            length: Number(tag(entry, 'Size') ?? 0),
            modified: new Date(tag(entry, 'LastModified') ?? 0),
          });
        token = tag(xml, 'IsTruncated') === 'true' ? xmlText(tag(xml, 'NextContinuationToken') ?? '') : undefined;
      } while (token);
      return listed;
    },
  };
}
