// Lighthouse against one or more builds served side by side (`npm run lighthouse`, the publish check): each build
// gets its own production server on a free loopback port, and the runs go round-robin (run 1 of every page of every
// build, then run 2 …), so a comparison of two builds shares whatever else the machine was doing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, fullChromiumPath } from '../chromium.mjs';

/**
 * The measured templates: the shop's (`shop: true`: the publish check holds these to its minimum), then the desk's and
 * the seller portal's sign-in pages and one signed-in page each (`as`: whose session the request carries).
 */
export const templates = [
  { name: 'home', path: '/', shop: true },
  { name: 'listing', path: '/products?category=1', shop: true },
  { name: 'product', path: '/single-product/1', shop: true },
  { name: 'blog', path: '/blog', shop: true },
  { name: 'seller', path: '/seller-profile/1' },
  { name: 'article', path: '/articles/dialing-in-espresso' },
  { name: 'cart', path: '/checkout/cart' },
  { name: 'desk-login', path: '/admin/login' },
  { name: 'desk-orders', path: '/admin/orders', as: 'desk' },
  // The owner's morning read (issue 53): charts drawn on the server, no chart script.
  { name: 'desk-reports', path: '/admin/reports', as: 'desk' },
  { name: 'portal-login', path: '/seller/login' },
  { name: 'portal-dashboard', path: '/seller', as: 'portal' },
  { name: 'portal-reports', path: '/seller/reports', as: 'portal' },
];

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const freePort = () =>
  new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/** What one Lighthouse run says about a page: the four scores and the main thread's figures. */
function sampleOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: categories.map((c) => Math.round((lhr.categories[c].score ?? 0) * 100)),
    tbt: audit('total-blocking-time'),
    mainThread: audit('mainthread-work-breakdown'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    failing: categories
      .slice(1)
      .flatMap((c) => lhr.categories[c].auditRefs.filter((r) => r.weight > 0 && lhr.audits[r.id].score === 0))
      .map((r) => r.id),
  };
}

/** The medians of a row's samples (each figure on its own), with the performance scores of every run. */
function rowOf(key, samples) {
  return {
    ...key,
    runs: samples.map((s) => s.scores[0]),
    scores: categories.map((_, i) => median(samples.map((s) => s.scores[i]))),
    tbt: median(samples.map((s) => s.tbt)),
    mainThread: median(samples.map((s) => s.mainThread)),
    lcp: median(samples.map((s) => s.lcp)),
    cls: median(samples.map((s) => s.cls)),
    failing: [...new Set(samples.flatMap((s) => s.failing))],
  };
}

/**
 * Measures `pages` (templates above) in `locales` on every build of `builds` ({ name, distDir }), `runs` times each,
 * with the service worker as shipped and/or with /sw.js blocked (`workers`: 'on', 'blocked'). `cookies` are the
 * signed-in pages' (scripts/lighthouse/sessions.mjs), read once the servers run (they share one database).
 * `pick(name, locale)` leaves out page-locale pairs it refuses. `log` hears each run. Returns one row per page, locale, build and worker setting, medians.
 */
export async function measure({
  builds,
  pages,
  locales = ['en', 'ar'],
  runs = 5,
  workers = ['on'],
  cookies,
  pick = () => true,
  log = () => {},
}) {
  const { serve, stopGracefully } = await import('../../src/server/http/server.ts');
  const servers = [];
  let chrome;
  try {
    for (const build of builds) {
      const server = await serve({ distDir: build.distDir, host: '127.0.0.1', port: await freePort() });
      servers.push({ ...build, server, base: `http://127.0.0.1:${server.address().port}` });
    }
    const sessions = pages.some((p) => p.as) && cookies ? await cookies() : {};
    const launch = () =>
      chromeLauncher.launch({ chromePath: fullChromiumPath, chromeFlags: ['--headless=new', ...chromiumFlags] });
    // Each run in a browser of its own, as `lighthouse <url>` does (LIGHTHOUSE_ONE_BROWSER=1: one for all, faster): in
    // one browser for every run, the page's renderer was often one that had carried the previous runs' pages, and its
    // first task after the navigation spent 100-300 ms (×4 in Lighthouse's simulation) on that, untraced.
    const fresh = !process.env.LIGHTHOUSE_ONE_BROWSER;
    chrome = await launch();
    const cells = pages.flatMap((page) =>
      locales
        .filter((locale) => pick(page.name, locale))
        .flatMap((locale) => servers.flatMap((build) => workers.map((worker) => ({ page, locale, build, worker, samples: [] })))),
    );
    for (let run = 0; run < runs; run += 1) {
      for (const cell of cells) {
        const { page, locale, build, worker } = cell;
        if (fresh && (run > 0 || cell !== cells[0])) {
          await chrome.kill();
          chrome = await launch();
        }
        const url = `${build.base}/${locale}${page.path}`;
        const flags = {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: categories,
          // LIGHTHOUSE_BLOCK=*/api/media/art/* (comma-separated): what a page costs without those requests.
          blockedUrlPatterns: [...(worker === 'blocked' ? ['*/sw.js'] : []), ...(process.env.LIGHTHOUSE_BLOCK?.split(',') ?? [])],
          ...(page.as ? { extraHeaders: { Cookie: sessions[page.as] } } : {}),
        };
        let result = await lighthouse(url, flags);
        // A browser just started sometimes misses the navigation's start (NO_NAVSTART): the run is made again once, in
        // another browser, rather than lost from the median.
        if (fresh && result?.lhr?.runtimeError?.code === 'NO_NAVSTART') {
          await chrome.kill();
          chrome = await launch();
          result = await lighthouse(url, { ...flags, port: chrome.port });
        }
        if (!result?.lhr || result.lhr.runtimeError) {
          log(`${page.name} ${locale} ${build.name} ${worker}: run ${run + 1} failed (${result?.lhr?.runtimeError?.code})`);
          continue;
        }
        // LIGHTHOUSE_REPORTS=dir keeps each run's whole report (its traces' summaries: long tasks, main-thread work by kind).
        if (process.env.LIGHTHOUSE_REPORTS) {
          mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
          const file = `${page.name}-${locale}-${build.name}-${worker}-${run + 1}.json`;
          writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, file), JSON.stringify(result.lhr));
          // The run's trace beside it (Chromium's own format: chrome://tracing or the DevTools performance panel open
          // it): what a long task the report cannot attribute was doing.
          const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
          if (trace)
            writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, file.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
        }
        const sample = sampleOf(result.lhr);
        cell.samples.push(sample);
        log(
          `${page.name} ${locale} ${build.name} sw:${worker} run ${run + 1}: ${sample.scores.join('/')} TBT ${Math.round(sample.tbt)} ms, main thread ${Math.round(sample.mainThread)} ms`,
        );
      }
    }
    return cells
      .filter((c) => c.samples.length > 0)
      .map((c) =>
        rowOf(
          { name: c.page.name, shop: Boolean(c.page.shop), locale: c.locale, build: c.build.name, worker: c.worker },
          c.samples,
        ),
      );
  } finally {
    await chrome?.kill();
    for (const { server } of servers) await stopGracefully(server, 1000);
  }
}
