// `npx node scripts/bench/profile-top.mjs <file.cpuprofile> [rows] [from s] [to s]`: the functions a V8 CPU profile (`node --cpu-prof`)
// spent the most time in, by self time and by total time (itself and what it called), as shares of the busy time
// (idle and garbage collection shown apart). `from`/`to`: only the samples in that window (seconds after the profile
// began), e.g. the load and not the start;
// a negative one counts back from the end. How issue 56 named the server's per-request costs (docs/benchmarks.md).
import { readFileSync } from 'node:fs';

const [file, rowsArg, fromArg, toArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-top.mjs <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const span = timeDeltas.reduce((sum, d) => sum + d, 0);
// A negative second counts back from the profile's end (the load, when the server was stopped right after it).
const second = (arg, otherwise) => {
  if (arg === undefined) return otherwise;
  return (Number(arg) < 0 ? span / 1e6 + Number(arg) : Number(arg)) * 1e6;
};
const from = second(fromArg, 0);
const to = second(toArg, Infinity);
const hits = new Map();
let clock = 0;
samples.forEach((id, i) => {
  clock += timeDeltas[i] ?? 0;
  if (clock >= from && clock <= to) hits.set(id, (hits.get(id) ?? 0) + (timeDeltas[i] ?? 0));
});

const label = ({ callFrame: f }) => {
  const where = f.url ? `${f.url.replace(/^.*\/(node_modules\/|dist\/|src\/|scripts\/)/, '$1')}:${f.lineNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
};
const self = new Map();
const total = new Map();
let all = 0;
let idle = 0;
for (const [id, us] of hits) {
  const node = byId.get(id);
  all += us;
  if (node.callFrame.functionName === '(idle)') idle += us;
  const name = label(node);
  self.set(name, (self.get(name) ?? 0) + us);
  // Each function once per sample, however deep it recurses.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const n = label(byId.get(at));
    if (seen.has(n)) continue;
    seen.add(n);
    total.set(n, (total.get(n) ?? 0) + us);
  }
}
const busy = all - idle;
const pct = (us) => `${((100 * us) / busy).toFixed(1)}%`;
const top = (map) =>
  [...map]
    .filter(([name]) => !/^\((idle|root|program)\)/.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, us]) => `${pct(us).padStart(6)}  ${name}`)
    .join('\n');
console.log(`${file}: ${(all / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (not idle)`);
console.log(`\nself time, share of busy:\n${top(self)}`);
console.log(`\ntotal time (with callees), share of busy:\n${top(total)}`);
