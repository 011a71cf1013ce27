import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 (the `Authorization` header form), as S3 and every S3-compatible store (R2, MinIO) check it:
 * a canonical request (method, path, sorted query, signed headers, payload hash), a string to sign over its hash and
 * the credential scope, and a key derived from the secret by date, region and service. Checked against AWS's own
 * examples in sigv4.test.ts; the test stand-in (tests/support/s3-stand-in.ts) verifies it with code of its own.
 */
export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `s3` for object storage. */
  service: string;
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** Headers to sign besides `host` and `x-amz-date` (which the signer adds): names in any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (S3 also wants it sent as `x-amz-content-sha256`). */
  payloadHash: string;
}

export interface Signed {
  /** Every signed header, `authorization` included: send them all. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: unreserved characters kept, everything else %XX in upper case. */
export const uriEncode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `20130524T000000Z` */
export const amzDate = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Each path segment encoded once (S3 does not encode twice), slashes kept. */
function canonicalPath(url: URL): string {
  return url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/** The signing key: HMAC chained over the date, region, service and `aws4_request`. */
export function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
}

/** Signs a request at `at`: the headers to send (x-amz-date, the caller's, authorization; fetch adds the host signed). */
export function signRequest(request: RequestToSign, credentials: SigningCredentials, at: Date): Signed {
  const stamp = amzDate(at);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = { host: request.url.host, 'x-amz-date': stamp };
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(request.url),
    canonicalQuery(request.url),
    names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, credentials.region, credentials.service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  const authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  // `host` is set by fetch from the URL itself; it was signed as the URL's host.
  const send = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'host'));
  return { headers: { ...send, authorization }, canonicalRequest, stringToSign, signature };
}
