// `npm run lighthouse`: Lighthouse in mobile mode (its default: simulated 4× CPU slowdown and a slow 4G link)
// against the production server, which this script starts on a free loopback port from the existing build
// (it builds nothing: run `npm run build` first). Six templates × two languages × LIGHTHOUSE_RUNS (default 5)
// runs on the system Chromium; prints the median of each row as a Markdown table. For people, not a CI gate:
// on a shared 2-core machine scores move by several points between runs, hence medians.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, fullChromiumPath } from './chromium.mjs';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const distDir = resolve(process.env.DIST_DIR ?? 'dist');
if (!existsSync(resolve(distDir, 'server', 'entry.mjs'))) {
  console.error('No build found: run `npm run build` first (this script measures the build as it is).');
  process.exit(1);
}

const allTemplates = [
  ['home', '/'],
  ['listing', '/products?category=1'],
  ['product', '/single-product/1'],
  ['seller', '/seller-profile/1'],
  ['article', '/articles/dialing-in-espresso'],
  ['cart', '/checkout/cart'],
];
// LIGHTHOUSE_ONLY=cart,home measures just those rows.
const only = process.env.LIGHTHOUSE_ONLY?.split(',');
const templates = only ? allTemplates.filter(([name]) => only.includes(name)) : allTemplates;

const freePort = () =>
  new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

const { serve, stopGracefully } = await import('../src/server/http/server.ts');
const server = await serve({ distDir, host: '127.0.0.1', port: await freePort() });
const base = `http://127.0.0.1:${server.address().port}`;
const chrome = await chromeLauncher.launch({
  chromePath: fullChromiumPath,
  chromeFlags: ['--headless=new', ...chromiumFlags],
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const rows = [];
try {
  for (const [name, path] of templates) {
    for (const locale of ['en', 'ar']) {
      const url = `${base}/${locale}${path}`;
      const samples = [];
      for (let i = 0; i < runs; i += 1) {
        const { lhr } = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: categories });
        samples.push({
          scores: categories.map((c) => Math.round((lhr.categories[c].score ?? 0) * 100)),
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          failing: categories
            .slice(1)
            .flatMap((c) => lhr.categories[c].auditRefs.filter((r) => r.weight > 0 && lhr.audits[r.id].score === 0))
            .map((r) => r.id),
        });
      }
      const row = {
        name,
        locale,
        scores: categories.map((_, i) => median(samples.map((s) => s.scores[i]))),
        cls: median(samples.map((s) => s.cls)),
        tbt: median(samples.map((s) => s.tbt)),
        lcp: median(samples.map((s) => s.lcp)),
        failing: [...new Set(samples.flatMap((s) => s.failing))],
      };
      rows.push(row);
      console.error(
        `${name} ${locale}: ${row.scores.join(' / ')}${row.failing.length ? `  failing: ${row.failing.join(', ')}` : ''}`,
      );
    }
  }
} finally {
  await chrome.kill();
  await stopGracefully(server, 1000);
}

console.log(`\nLighthouse ${runs}× per row, mobile, medians (${new Date().toISOString().slice(0, 10)})\n`);
console.log('| page | lang | performance | accessibility | best practices | SEO | CLS | TBT (ms) | LCP (ms) |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.locale} | ${r.scores.join(' | ')} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} | ${Math.round(r.lcp)} |`,
  );
process.exit(0);
