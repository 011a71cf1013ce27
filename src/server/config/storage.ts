import { resolve } from 'node:path';

/** Where uploads live (issue 54): the instance's disk (UPLOADS_DIR), or an S3-compatible bucket shared by every instance. */
export type StorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      /** `https://host[:port]` (`s3+http://` in STORAGE_URL: plain HTTP, for a store on the same machine or network). */
      endpoint: string;
      bucket: string;
      region: string;
      /** `endpoint/bucket/key` rather than `bucket.host/key` (MinIO and most self-hosted stores want it). */
      pathStyle: boolean;
      accessKeyId: string;
      secretAccessKey: string;
      /** Prepended to every key (`s3://…/bucket/shop-a` puts the shop's objects under `shop-a/`). */
      prefix: string;
    };

const FORM = 's3://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/prefix][?region=…&path_style=1]';
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const OPTIONS = new Set(['region', 'path_style']);

/** A malformed STORAGE_URL: the message names what is wrong, never the keys. */
export class StorageUrlError extends Error {}

const refuse = (what: string): never => {
  throw new StorageUrlError(`STORAGE_URL is malformed: ${what}. Expected ${FORM} (README, Configuration).`);
};

/** Reads STORAGE_URL (unset or empty: the disk under UPLOADS_DIR); a malformed one throws, so the start fails. */
export function readStorage(storageUrl: string | undefined, uploadsDir: string): StorageConfig {
  const text = storageUrl?.trim();
  if (!text) return { kind: 'disk', dir: resolve(uploadsDir) };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('not a URL');
  }
  const scheme = { 's3:': 'https:', 's3+https:': 'https:', 's3+http:': 'http:' }[url.protocol];
  if (!scheme) return refuse(`the scheme is ${url.protocol.replace(/:$/, '')}, not s3 (or s3+http)`);
  if (!url.hostname) return refuse('no host');
  if (!url.username || !url.password) return refuse('the access key and secret key are missing before the @');
  const [bucket = '', ...prefix] = url.pathname.replace(/^\/+|\/+$/g, '').split('/');
  if (!BUCKET.test(bucket)) return refuse(bucket ? `"${bucket}" is not a bucket name` : 'no bucket after the host');
  for (const key of url.searchParams.keys()) if (!OPTIONS.has(key)) refuse(`unknown option "${key}"`);
  const pathStyle = url.searchParams.get('path_style');
  if (pathStyle !== null && pathStyle !== '0' && pathStyle !== '1') refuse('path_style is 0 or 1');
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) refuse(`"${region}" is not a region`);
  return {
    kind: 's3',
    endpoint: `${scheme}//${url.host}`,
    bucket,
    region,
    // AWS's own endpoints prefer virtual-hosted addresses; self-hosted stores (MinIO, an IP and port) want the path.
    pathStyle: pathStyle === null ? !url.hostname.endsWith('amazonaws.com') : pathStyle === '1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    prefix: prefix.length ? `${prefix.map(decodeURIComponent).join('/')}/` : '',
  };
}
