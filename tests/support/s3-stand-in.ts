import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an S3-compatible store, for tests (issue 54): an HTTP server on 127.0.0.1 at a random port holding one
 * bucket's objects in memory, that checks every request's Signature Version 4 as S3 does, written from AWS's
 * description and not from the shop's signer (src/server/uploads/sigv4.ts): the canonical request rebuilt from what
 * arrived, the string to sign, the key derived from the secret, a constant-time comparison. A wrong signature is a
 * 403 `SignatureDoesNotMatch`, a date more than 15 minutes off a 403 `RequestTimeTooSkewed`, a body that is not the
 * hash it was signed with a 400 `XAmzContentSHA256Mismatch`, as S3 answers them. Objects: PUT, GET, HEAD, DELETE;
 * the bucket: ListObjectsV2 (prefix, delimiter, continuation). `failWhen` makes it answer 503 (an outage).
 */
export interface StandInObject {
  bytes: Buffer;
  type: string;
  cacheControl: string | undefined;
  access: string | undefined;
  modified: Date;
}

export interface StandInRequest {
  method: string;
  key: string | null;
  status: number;
  code?: string;
}

const SKEW_MS = 15 * 60_000;

const hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const mac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/** Percent-encoding of every byte but A-Z a-z 0-9 - _ . ~ (what AWS calls UriEncode). */
function awsEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>stand-in</RequestId></Error>`;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startS3StandIn(
  options: {
    accessKeyId?: string;
    secretAccessKey?: string;
    region?: string;
    bucket?: string;
    /** Keys per ListObjectsV2 page (S3: 1000), small to make the client follow continuation tokens. */
    pageSize?: number;
    now?: () => Date;
  } = {},
) {
  const accessKeyId = options.accessKeyId ?? 'STANDINACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'stand/in+secret/key';
  const region = options.region ?? 'eu-central-1';
  const bucket = options.bucket ?? 'shop-uploads';
  const now = options.now ?? (() => new Date());
  const objects = new Map<string, StandInObject>();
  const requests: StandInRequest[] = [];
  const state: { failWhen: ((request: { method: string; key: string | null }) => boolean) | undefined } = {
    failWhen: undefined,
  };

  /** The signature problem of a request, or null when it is signed as S3 wants. */
  function authProblem(req: IncomingMessage, rawPath: string, rawQuery: string, body: Buffer): [number, string] | null {
    const auth = req.headers['authorization'] ?? '';
    const parts = /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+)\s*,\s*SignedHeaders=([^,\s]+)\s*,\s*Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
    if (!parts) return [403, 'AccessDenied'];
    const [, credential = '', signedHeaderList = '', signature = ''] = parts;
    const [key, day, scopeRegion, service, terminator] = credential.split('/');
    if (key !== accessKeyId) return [403, 'InvalidAccessKeyId'];
    const stamp = String(req.headers['x-amz-date'] ?? '');
    const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp);
    if (!when) return [403, 'AccessDenied'];
    const at = Date.UTC(+when[1]!, +when[2]! - 1, +when[3]!, +when[4]!, +when[5]!, +when[6]!);
    if (Math.abs(now().getTime() - at) > SKEW_MS) return [403, 'RequestTimeTooSkewed'];
    if (day !== stamp.slice(0, 8) || scopeRegion !== region || service !== 's3' || terminator !== 'aws4_request')
      return [400, 'AuthorizationHeaderMalformed'];
    const signedNames = signedHeaderList.split(';');
    if (!signedNames.includes('host') || !signedNames.includes('x-amz-date')) return [403, 'AccessDenied'];
    const claimed = req.headers['x-amz-content-sha256'];
    if (typeof claimed !== 'string') return [400, 'InvalidRequest'];
    if (claimed !== 'UNSIGNED-PAYLOAD' && claimed !== hex(body)) return [400, 'XAmzContentSHA256Mismatch'];

    // Header values as sent (repeated headers joined by commas), trimmed, inner runs of spaces made one.
    const sent = new Map<string, string[]>();
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!.toLowerCase();
      sent.set(name, [...(sent.get(name) ?? []), req.rawHeaders[i + 1]!]);
    }
    let headerBlock = '';
    for (const name of signedNames) {
      const values = sent.get(name);
      if (!values) return [403, 'SignatureDoesNotMatch'];
      headerBlock += `${name}:${values.map((v) => v.trim().split(/\s+/).join(' ')).join(',')}\n`;
    }
    const path = rawPath
      .split('/')
      .map((segment) => awsEncode(decodeURIComponent(segment)))
      .join('/');
    const query = rawQuery
      ? rawQuery
          .split('&')
          .map((pair) => {
            const eq = pair.indexOf('=');
            const name = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
            const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1));
            return [awsEncode(name), awsEncode(value)];
          })
          // By name, then by value: byte order of the encoded strings.
          .sort(
            (a, b) =>
              Buffer.compare(Buffer.from(a[0]!), Buffer.from(b[0]!)) || Buffer.compare(Buffer.from(a[1]!), Buffer.from(b[1]!)),
          )
          .map(([name, value]) => `${name}=${value}`)
          .join('&')
      : '';
    const canonical = `${req.method}\n${path}\n${query}\n${headerBlock}\n${signedHeaderList}\n${claimed}`;
    const toSign = `AWS4-HMAC-SHA256\n${stamp}\n${day}/${region}/s3/aws4_request\n${hex(canonical)}`;
    const derived = mac(mac(mac(mac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
    const expected = Buffer.from(mac(derived, toSign).toString('hex'));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? null : [403, 'SignatureDoesNotMatch'];
  }

  function list(res: ServerResponse, query: URLSearchParams) {
    const prefix = query.get('prefix') ?? '';
    const delimiter = query.get('delimiter') ?? '';
    const after = query.get('continuation-token') ?? query.get('start-after') ?? '';
    const pageSize = Math.min(Number(query.get('max-keys') ?? 1000), options.pageSize ?? 1000);
    const keys = [...objects.keys()]
      .filter((key) => key.startsWith(prefix) && key > after)
      .filter((key) => !delimiter || !key.slice(prefix.length).includes(delimiter))
      .sort();
    const page = keys.slice(0, pageSize);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const object = objects.get(key)!;
        return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.modified.toISOString()}</LastModified><Size>${object.bytes.length}</Size></Contents>`;
      })
      .join('');
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix>` +
        `<KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>` +
        (truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : '') +
        `${contents}</ListBucketResult>`,
    );
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const raw = req.url ?? '/';
      const q = raw.indexOf('?');
      const rawPath = q < 0 ? raw : raw.slice(0, q);
      const rawQuery = q < 0 ? '' : raw.slice(q + 1);
      // Path-style (`/bucket/key`), or virtual-hosted (`bucket.host` and `/key`).
      const hostBucket = /^([^.]+)\./.exec(req.headers.host ?? '')?.[1];
      const virtual = hostBucket === bucket;
      const segments = rawPath.split('/').slice(1).map(decodeURIComponent);
      const named = virtual ? bucket : segments.shift();
      const key = segments.join('/') || null;
      const method = req.method ?? 'GET';
      const answer = (status: number, code?: string, message = '') => {
        requests.push({ method, key, status, ...(code ? { code } : {}) });
        if (!code) return;
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(method === 'HEAD' ? undefined : errorXml(code, message));
      };
      const problem = authProblem(req, rawPath, rawQuery, body);
      if (problem) return answer(problem[0], problem[1], 'refused by the stand-in');
      if (state.failWhen?.({ method, key })) return answer(503, 'ServiceUnavailable', 'Please reduce your request rate.');
      if (named !== bucket) return answer(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (key === null) {
        if (method !== 'GET') return answer(405, 'MethodNotAllowed');
        answer(200);
        return list(res, new URLSearchParams(rawQuery));
      }
      const object = objects.get(key);
      if (method === 'PUT') {
        objects.set(key, {
          bytes: body,
          type: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          cacheControl: req.headers['cache-control'],
          access: req.headers['x-amz-meta-access'] as string | undefined,
          modified: now(),
        });
        answer(200);
        return res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      }
      if (method === 'DELETE') {
        objects.delete(key);
        answer(204);
        return res.writeHead(204).end();
      }
      if (method !== 'GET' && method !== 'HEAD') return answer(405, 'MethodNotAllowed');
      if (!object) return answer(404, 'NoSuchKey', 'The specified key does not exist.');
      answer(200);
      res.writeHead(200, {
        'content-type': object.type,
        'content-length': String(object.bytes.length),
        'last-modified': object.modified.toUTCString(),
        ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
      });
      res.end(method === 'HEAD' ? undefined : object.bytes);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    /** Answer 503 to the requests this picks (an outage), or to none again with undefined. */
    failWhen(rule: typeof state.failWhen) {
      state.failWhen = rule;
    },
    /** STORAGE_URL for the shop: this bucket over plain HTTP, path-style. */
    storageUrl(overrides: { secret?: string; extra?: string } = {}) {
      const secret = encodeURIComponent(overrides.secret ?? secretAccessKey);
      return `s3+http://${accessKeyId}:${secret}@127.0.0.1:${port}/${bucket}${overrides.extra ?? ''}?region=${region}&path_style=1`;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export type S3StandIn = Awaited<ReturnType<typeof startS3StandIn>>;
