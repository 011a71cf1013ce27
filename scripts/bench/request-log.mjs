// `npx node scripts/bench/request-log.mjs > /dev/null`: the CPU one request's log line and metrics cost (request-log.ts),
// in process, without a server: a request record opened, its route named, the answer closed, N times; the log goes
// where it goes in production (stdout, here /dev/null when redirected). Prints microseconds per request.
import { EventEmitter } from 'node:events';
const { observeRequest } = await import('../../src/server/http/request-log.ts');
const { nameRoute, nameRequester, withRequestRecord } = await import('../../src/server/observability/request-context.ts');

const N = Number(process.env.REQUESTS ?? 200_000);
const once = (i) => {
  const req = { method: 'GET' };
  const res = Object.assign(new EventEmitter(), { writableFinished: true, statusCode: 200 });
  withRequestRecord(observeRequest(req, res, 'abcdef123456'), () => {
    nameRoute(i % 2 ? '/api/products/:slug' : '/[locale]/single-product/[id]');
    nameRequester({ shopperId: i % 3 ? undefined : 42 });
  });
  res.emit('close');
};
for (let i = 0; i < 20_000; i++) once(i);
const bare = () => {
  const res = new EventEmitter();
  res.once('close', () => undefined);
  res.emit('close');
};
for (let i = 0; i < 20_000; i++) bare();
let started = performance.now();
for (let i = 0; i < N; i++) bare();
const baseline = (performance.now() - started) / N;
started = performance.now();
for (let i = 0; i < N; i++) once(i);
const observed = (performance.now() - started) / N;
process.stderr.write(
  `${N} requests: ${(observed * 1000).toFixed(2)} µs each observed, ${(baseline * 1000).toFixed(2)} µs bare: ` +
    `the log line and metrics cost ${((observed - baseline) * 1000).toFixed(2)} µs of CPU per request\n`,
);
