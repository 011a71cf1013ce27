import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import compression from 'compression';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadSite } from '../../src/server/http/live-site.ts';

/**
 * A build's files answered from memory must be the answers sirv gives from disk (files-in-memory.ts): two servers on
 * one stand-in build, one as the shop served files before (compression, then sirv), one asking memory first. Every
 * request below is sent to both, twice (the first read of a file fills memory), and the answers compared.
 */
const dir = mkdtempSync(join(tmpdir(), 'files-in-memory-'));
const client = join(dir, 'client');
const page = (title: string) => `<!doctype html><title>${title}</title>${'<p>coffee beans and more</p>'.repeat(80)}`;
function write(name: string, body: string | Buffer, compressed = false) {
  const path = join(client, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, body);
  if (compressed) {
    writeFileSync(`${path}.br`, brotliCompressSync(body));
    writeFileSync(`${path}.gz`, gzipSync(body));
  }
}

let plain: Server;
let memory: Server;
let withMemory: ReturnType<typeof answerOf>;
const answered = { fromMemory: 0 };
const answerOf = (site: Awaited<ReturnType<typeof loadSite>>, first: boolean) => {
  const compress = compression({ threshold: 1024 });
  return (req: IncomingMessage, res: ServerResponse) => {
    if (first && site.fromMemory(req, res)) {
      answered.fromMemory += 1;
      return;
    }
    compress(req as never, res as never, () => void site.assets(req, res, () => res.writeHead(404).end('none')));
  };
};
const listen = async (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
};
const baseOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  mkdirSync(join(dir, 'server'), { recursive: true });
  writeFileSync(join(dir, 'server', 'entry.mjs'), 'export const handler = (req, res) => res.end("astro");');
  write('en/about-us/index.html', page('About us'), true);
  write('en/terms.html', page('Terms'), true);
  write('ar/مرحبا/index.html', page('مرحبا'), true);
  write('robots.txt', 'User-agent: *\nAllow: /\n');
  write('_astro/island.abc123.js', `export const x = ${JSON.stringify('x'.repeat(3000))};`, true);
  write('_astro/big.def456.js', `export const y = ${JSON.stringify('y'.repeat(400_000))};`, true);
  write('en/uncompressed/index.html', page('No pre-compressed copy'));
  write('.hidden/secret.txt', 'not served');
  write('.well-known/security.txt', 'Contact: mailto:security@example.com\n');
  const site = await loadSite(dir);
  plain = await listen(answerOf(site, false));
  withMemory = answerOf(site, true);
  memory = await listen(withMemory);
});
afterAll(() => {
  plain.close();
  memory.close();
});

const requestsOf = (path: string) => {
  const encodings = [undefined, 'br', 'gzip', 'gzip, deflate, br', 'deflate', 'identity'];
  return encodings.map((encoding) => ({ path, headers: encoding ? { 'accept-encoding': encoding } : {} }));
};

/** The raw answer (fetch would decompress the body): status, headers but the date, bytes. */
function answerFrom(server: Server, path: string, init: { method?: string; headers?: Record<string, string> }) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request(baseOf(server) + path, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Record<string, unknown> = { ...res.headers };
        for (const name of ['date', 'connection', 'keep-alive']) delete headers[name];
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const paths = [
  '/en/about-us',
  '/en/about-us/',
  '/en/about-us/index.html',
  '/en/about-us?utm_source=x#top',
  '/en/terms',
  '/ar/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7/',
  '/ar/%E0%A4%A',
  '/robots.txt',
  '/_astro/island.abc123.js',
  '/_astro/big.def456.js',
  '/en/uncompressed/',
  '/.hidden/secret.txt',
  '/.well-known/security.txt',
  '/en/missing',
];

test('every file, every Accept-Encoding, GET and HEAD: the same status, headers and bytes as sirv', async () => {
  for (const path of paths)
    for (const request of requestsOf(path))
      for (const method of ['GET', 'HEAD', 'GET']) {
        const init = { method, headers: request.headers };
        const [expected, actual] = [await answerFrom(plain, path, init), await answerFrom(memory, path, init)];
        expect(actual, `${method} ${path} ${JSON.stringify(request.headers)}`).toEqual(expected);
      }
  // Not a comparison of sirv with itself: pages, compressed copies and small files did come from memory.
  expect(answered.fromMemory).toBeGreaterThan(40);
});

test('a revalidation (If-None-Match) and a range get what sirv gives them', async () => {
  const first = await answerFrom(plain, '/en/about-us/', { headers: { 'accept-encoding': 'br' } });
  const etag = String(first.headers['etag']);
  expect(etag).toMatch(/^W\/"\d+-\d+"$/);
  for (const headers of [
    { 'accept-encoding': 'br', 'if-none-match': etag },
    { 'accept-encoding': 'br', 'if-none-match': 'W/"1-1"' },
    { range: 'bytes=0-99' },
    { range: 'bytes=99999999-' },
  ]) {
    const init = { headers };
    expect(await answerFrom(memory, '/en/about-us/', init), JSON.stringify(headers)).toEqual(
      await answerFrom(plain, '/en/about-us/', init),
    );
  }
  const notModified = await answerFrom(memory, '/en/about-us/', { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
  expect(notModified.status).toBe(304);
});

test('a page is held once read: the memory answers even after the file is gone from disk', async () => {
  write('en/gone/index.html', page('Gone'), true);
  const site = await loadSite(dir);
  const server = await listen(answerOf(site, true));
  try {
    const init = { headers: { 'accept-encoding': 'br' } };
    const before = await answerFrom(server, '/en/gone/', init);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { rmSync } = await import('node:fs');
    rmSync(join(client, 'en', 'gone'), { recursive: true });
    const after = await answerFrom(server, '/en/gone/', init);
    expect(before.status).toBe(200);
    expect(after).toEqual(before);
  } finally {
    server.close();
  }
});
