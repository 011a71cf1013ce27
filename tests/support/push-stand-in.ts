import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a push service (FCM, Mozilla's autopush, Apple's), so no test reaches a real one (issue 41):
 * an HTTP server that takes what the shop posts to a subscription's endpoint, answers 201 (or the status a test asks
 * for one endpoint: 404, 410, 429…), and keeps each request. `browser()` plays a browser's subscription: its P-256
 * key pair and auth secret stay with the test, which decrypts what arrived (RFC 8291, aes128gcm).
 */
export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function startPushStandIn() {
  const received: PushRequest[] = [];
  const answers = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(req.url ?? '') ?? 201, { location: `${req.url}/message` }).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    origin,
    received,
    /** What the stand-in answers for this endpoint's path from now on. */
    answer: (endpoint: string, status: number) => answers.set(new URL(endpoint).pathname, status),
    /** A browser's subscription whose endpoint is on the stand-in: the keys the shop gets, and the private half. */
    browser: () => {
      n += 1;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/device-${n}`;
      return {
        endpoint,
        json: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        ecdh,
        auth,
      };
    },
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

/**
 * The plaintext of an aes128gcm message (RFC 8188 framing, RFC 8291 keys): the header (salt, record size, the
 * sender's one-time public key), ECDH with the browser's private key, HKDF with the auth secret into the content key
 * and nonce, then AES-128-GCM and the padding delimiter (0x02) of the last record.
 */
export function decryptPush(body: Buffer, browser: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const keyLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + keyLength);
  const record = body.subarray(21 + keyLength);
  const secret = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record: no 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID header (RFC 8292 §3): `vapid t=<JWT>, k=<public key>`; the JWT verified with k (ES256), its claims. */
export function verifyVapid(authorization: string | undefined): {
  key: string;
  claims: { aud: string; exp: number; sub: string };
} {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [header, payload, signature] = match[1]!.split('.') as [string, string, string];
  const key = match[2]!;
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID JWT is not signed by k');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('the VAPID JWT is not ES256');
  return { key, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) };
}
