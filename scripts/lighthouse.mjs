// `npm run lighthouse`: Lighthouse in mobile mode (its default: simulated 4× CPU slowdown and a slow 4G link) against
// the production server, which this script starts on a free loopback port from an existing build (it builds nothing:
// run `npm run build` first). Every template (scripts/lighthouse/measure.mjs: the shop's, the desk's and the seller
// portal's sign-in pages, the desk's orders and the portal's dashboard signed in) × both languages × LIGHTHOUSE_RUNS
// (default 5) runs on the system Chromium; prints the median of each row as a Markdown table. For people, not a CI
// gate: on a shared 2-core machine scores move by several points between runs, hence medians.
//
//   LIGHTHOUSE_ONLY=home,blog            just those templates
//   LIGHTHOUSE_LOCALES=en                just those languages
//   LIGHTHOUSE_PAGES=home/en,product/ar  just those template/language pairs (the publish check's five: home/en,
//                                        home/ar,listing/en,product/ar,blog/en)
//   LIGHTHOUSE_WORKER=both               each page also with /sw.js blocked ("on", "blocked" or "both"; default "on")
//   LIGHTHOUSE_BUILDS=before=/tmp/main-dist,after=dist
//                                        several builds side by side, runs interleaved (a before/after comparison
//                                        measured in the same minutes); default: DIST_DIR or ./dist alone
//   LIGHTHOUSE_JSON=file.json            every row (with each run's performance) written there too
//   LIGHTHOUSE_REPORTS=dir               each run's whole report kept there (`npx node scripts/lighthouse/where.mjs dir`
//                                        says where each page's main-thread time went), with each run's trace
//                                        (`<report>.trace.json`: what a long task the report cannot attribute did)
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import { measure, templates } from './lighthouse/measure.mjs';
import { signedInCookies } from './lighthouse/sessions.mjs';

// The servers' request log would bury the table (it goes to stdout too): warnings and errors only.
process.env.LOG_LEVEL ??= 'warn';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const builds = (process.env.LIGHTHOUSE_BUILDS ?? `build=${process.env.DIST_DIR ?? 'dist'}`).split(',').map((entry) => {
  const [name, dir] = entry.includes('=') ? entry.split('=') : [entry, entry];
  return { name, distDir: resolve(dir) };
});
for (const { distDir } of builds) {
  if (!existsSync(resolve(distDir, 'server', 'entry.mjs'))) {
    console.error(`No build in ${distDir}: run \`npm run build\` first (this script measures the build as it is).`);
    process.exit(1);
  }
}
const only = process.env.LIGHTHOUSE_ONLY?.split(',');
const pairs = process.env.LIGHTHOUSE_PAGES?.split(',').map((pair) => pair.split('/'));
const pages = templates.filter(({ name }) => (!only || only.includes(name)) && (!pairs || pairs.some(([n]) => n === name)));
const pick = (name, locale) => !pairs || pairs.some(([n, l]) => n === name && l === locale);
const locales = process.env.LIGHTHOUSE_LOCALES?.split(',') ?? ['en', 'ar'];
const worker = process.env.LIGHTHOUSE_WORKER ?? 'on';
const workers = worker === 'both' ? ['on', 'blocked'] : [worker];

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadBefore = load();
const rows = await measure({
  builds,
  pages,
  locales,
  runs,
  workers,
  pick,
  cookies: signedInCookies,
  log: (line) => console.error(line),
});
const loadAfter = load();

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
console.log(
  `\nLighthouse ${runs}× per row, mobile, medians (${date} UTC; load average ${loadBefore} before, ${loadAfter} after)\n`,
);
const many = builds.length > 1;
const both = workers.length > 1;
console.log(
  `| page | lang |${many ? ' build |' : ''}${both ? ' /sw.js |' : ''} performance (runs) | accessibility | best practices | SEO | TBT (ms) | main thread (ms) | LCP (ms) | CLS |`,
);
console.log(`|---|---|${many ? '---|' : ''}${both ? '---|' : ''}---|---|---|---|---|---|---|---|`);
for (const r of rows) {
  const [performance, ...others] = r.scores;
  console.log(
    `| ${r.name} | ${r.locale} |${many ? ` ${r.build} |` : ''}${both ? ` ${r.worker} |` : ''} ${performance} (${r.runs.join(' ')}) | ${others.join(' | ')} | ${Math.round(r.tbt)} | ${Math.round(r.mainThread)} | ${Math.round(r.lcp)} | ${r.cls.toFixed(3)} |`,
  );
}
const failing = rows.filter((r) => r.failing.length > 0);
for (const r of failing) console.log(`\n${r.name} ${r.locale} ${r.build}: failing ${r.failing.join(', ')}`);
if (process.env.LIGHTHOUSE_JSON)
  writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify({ date, loadBefore, loadAfter, runs, rows }, null, 2));
process.exit(0);
