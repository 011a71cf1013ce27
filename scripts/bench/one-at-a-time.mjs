// One request at a time against a running server, every request a different page (a nonce defeats the render cache):
// what one uncached render costs, without the noise of 50 connections.
//   npx node scripts/bench/one-at-a-time.mjs <base URL> <product|listing|health> [requests] [server pid]
// e.g. npx node scripts/bench/one-at-a-time.mjs http://127.0.0.1:4470 product 300 (figures in docs/benchmarks.md)
// With the server's process id (Linux), it also prints the server's CPU time per request, read from /proc: unlike
// the latency, that figure hardly moves when other work shares the machine.
import { readFileSync } from 'node:fs';

const [base = 'http://127.0.0.1:4321', kind = 'product', count = '300', pid] = process.argv.slice(2);
// utime + stime, in clock ticks (fields 14 and 15 of /proc/<pid>/stat; USER_HZ is 100 on Linux).
const cpuTicks = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const n = Number(count);
const pathOf = (i) =>
  kind === 'product'
    ? `/en/single-product/${1 + (i % 150)}?r=${Math.random()}`
    : kind === 'listing'
      ? `/en/products?category=${1 + (i % 4)}&sort=price_asc&page=1&r=${Math.random()}`
      : `/api/health?r=${i}`;
// A few requests first: the server's modules and caches warm up as they would in a running shop.
for (let i = 0; i < 20; i += 1) await (await fetch(base + pathOf(i))).arrayBuffer();
const ticksBefore = pid ? cpuTicks() : 0;
const times = [];
for (let i = 0; i < n; i += 1) {
  const started = performance.now();
  const res = await fetch(base + pathOf(i), { headers: { 'accept-encoding': 'br' } });
  await res.arrayBuffer();
  times.push(performance.now() - started);
}
const cpu = pid ? `, server CPU ${(((cpuTicks() - ticksBefore) * 10) / n).toFixed(2)} ms per request` : '';
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(n - 1, Math.floor(n * q))].toFixed(1);
console.log(`${kind}: ${n} requests, best ${times[0].toFixed(1)} ms, p50 ${at(0.5)} ms, p90 ${at(0.9)} ms${cpu}`);
