import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createRequest, writeResponse } from 'astro/app/node';
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { observeRequest } from '../../src/server/http/request-log.ts';
import { redirectLog } from '../../src/server/observability/logger.ts';
import { nameRoute, withRequestRecord } from '../../src/server/observability/request-context.ts';
import { streamedDownload } from '../../src/server/api/streamed-download.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Issue 49: bodies that stream, both ways. The shop's API behind a server that hands it the request exactly as
 * production does (Astro's node adapter: `createRequest` streams the body, `writeResponse` writes the answer; the
 * request log of src/server/http/request-log.ts around it): a huge unsigned webhook post is refused while it arrives,
 * and a download that fails after its first byte ends the connection and is logged as a server error.
 */
const { api, close } = await testApi();
const logged: Record<string, unknown>[] = [];
afterAll(redirectLog((line) => void logged.push(JSON.parse(line) as Record<string, unknown>)));
/** A download whose first chunk is made and whose second fails, as the statement's does when the database goes away. */
const brokenDownload = new Hono().get('/broken.csv', async (c) => {
  nameRoute('/broken.csv');
  async function* rows() {
    yield 'date,amount\r\n';
    await new Promise((resolve) => setTimeout(resolve, 50));
    throw new Error('the database went away');
  }
  return c.body(await streamedDownload(rows()), 200, { 'content-type': 'text/csv' });
});
let server: Server;
let port = 0;
let requests = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    requests += 1;
    const app = req.url === '/broken.csv' ? brokenDownload : api;
    const answer = async () => writeResponse(await app.fetch(createRequest(req), { clientAddress: '127.0.0.1' }), res);
    void withRequestRecord(observeRequest(req, res, `r${requests}`), answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await close();
});

const HUNDRED_MB = 100 * 1024 * 1024;

/** Streams up to 100 MB to `path` until the answer's status line arrives; what was sent by then, and how long it took. */
function postHuge(path: string, chunked: boolean) {
  return new Promise<{ status: number; body: string; sentBytes: number; ms: number }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sentBytes = 0;
    let answer = '';
    let started = 0;
    let answered = false;
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server closes the connection with its answer: writing after that may fail, which is the point.
      if (!answered) reject(error);
    });
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      if (!answered && answer.includes('\r\n\r\n')) {
        answered = true;
        const ms = performance.now() - started;
        setTimeout(() => {
          socket.destroy();
          resolve({ status: Number(answer.split(' ')[1]), body: answer.split('\r\n\r\n')[1] ?? '', sentBytes, ms });
        }, 50);
      }
    });
    socket.on('connect', () => {
      const head = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${HUNDRED_MB}`;
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${head}\r\n\r\n`);
      started = performance.now();
      const pump = () => {
        while (!answered && !socket.destroyed && sentBytes < HUNDRED_MB) {
          const ok = chunked
            ? socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`, 'latin1')
            : socket.write(chunk);
          sentBytes += chunk.length;
          if (!ok) return void socket.once('drain', pump);
        }
      };
      pump();
    });
  });
}

for (const chunked of [false, true])
  test(`a 100 MB unsigned WhatsApp post (${chunked ? 'chunked' : 'declared length'}) is refused 413 in the error model before a fraction of it arrives`, async () => {
    global.gc?.();
    const before = process.memoryUsage();
    const answer = await postHuge('/api/whatsapp/webhook?lang=en-US', chunked);
    const after = process.memoryUsage();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.split('\r\n').find((line) => line.startsWith('{')) ?? answer.body)).toMatchObject({
      message: 'The request is too large to be read.',
    });
    // Answered long before the body was in: the 256 KB limit, plus what the sockets hold in flight.
    expect(answer.sentBytes).toBeLessThan(16 * 1024 * 1024);
    const grewMb = (after.rss - before.rss) / 1024 / 1024;
    console.log(
      `413 after ${answer.ms.toFixed(1)} ms, ${(answer.sentBytes / 1024 / 1024).toFixed(1)} MB sent by then; rss ${grewMb.toFixed(1)} MB more, heap ${((after.heapUsed - before.heapUsed) / 1024 / 1024).toFixed(1)} MB more`,
    );
  });

test('a download that fails after its first byte: the connection ends, no error text in the file, logged as a 500', async () => {
  const { request } = await import('node:http');
  const outcome = await new Promise<{ status: number; body: string; aborted: boolean }>((resolve, reject) => {
    const req = request(`http://127.0.0.1:${port}/broken.csv`, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, aborted: false }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body, aborted: true }));
      res.on('aborted', () => resolve({ status: res.statusCode ?? 0, body, aborted: true }));
    });
    req.on('error', reject);
    req.end();
  });
  expect(outcome).toMatchObject({ status: 200, aborted: true });
  expect(outcome.body).toBe('date,amount\r\n');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(logged.find((l) => l['msg'] === 'request' && l['route'] === '/broken.csv')).toMatchObject({ status: 500 });
  expect(logged.some((l) => l['msg'] === 'download failed after its first byte: connection ended')).toBe(true);
});
