// Checks a fresh build before it goes live: every pre-rendered page the sitemap lists exists, the build's own server
// answers its on-demand sitemap index and a sample of the product pages the catalog chunks list, the JavaScript size
// budgets hold, and the shop's templates score at least 95 in Lighthouse's mobile performance (./lighthouse-gate.mjs). The catalog part of the sitemap is read from the database per request (decision 013): checking it
// costs a few requests, not one per product.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { lighthouseProblems } from './lighthouse-gate.mjs';

/** How many on-demand (product) pages of the sitemap are requested: first, last and evenly spread between. */
const locsOf = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, '&')));
const SAMPLE = 40;

function sitemapPaths(clientDir) {
  const files = readdirSync(clientDir).filter((f) => /^sitemap-pages-\d+\.xml$/.test(f));
  return files.flatMap((f) => locsOf(readFileSync(join(clientDir, f), 'utf8'))).map((url) => url.pathname + url.search);
}

/** Product pages listed by the new build's on-demand sitemap: the first and last chunk's, read from the database. */
async function catalogPaths(base, problems) {
  const index = await fetch(`${base}/sitemap-index.xml`);
  if (index.status !== 200) {
    problems.push(`The new build answers /sitemap-index.xml with ${index.status}.`);
    return [];
  }
  const chunks = locsOf(await index.text()).filter((u) => /^\/sitemap-catalog-\d+\.xml$/.test(u.pathname));
  const paths = [];
  for (const chunk of new Set([chunks[0], chunks.at(-1)].filter(Boolean))) {
    const res = await fetch(`${base}${chunk.pathname}`);
    if (res.status !== 200) problems.push(`The new build answers ${chunk.pathname} with ${res.status}.`);
    else paths.push(...locsOf(await res.text()).map((u) => u.pathname));
  }
  return paths.filter((path) => /^\/(en|ar)\/single-product\/\d+$/.test(path));
}

function prerenderedFile(clientDir, path) {
  const url = new URL(path, 'http://x');
  const listing = /^\/(en|ar)\/products\/?$/.exec(url.pathname);
  const category = url.searchParams.get('category');
  const sub = url.searchParams.get('subCategory');
  const pathname = listing && category ? `/${listing[1]}/products/category/${category}${sub ? `/${sub}` : ''}` : url.pathname;
  return [join(clientDir, pathname, 'index.html'), join(clientDir, pathname)].find((f) => existsSync(f) && !f.endsWith('/'));
}

function sizeCheck(outDir) {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['scripts/size.mjs'], {
      env: { ...process.env, DIST_DIR: outDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => done({ code, output }));
  });
}

export async function checkBuild(outDir) {
  const problems = [];
  const clientDir = join(outDir, 'client');
  if (!existsSync(join(clientDir, 'sitemap-pages-index.xml'))) return ['The new build has no sitemap of its pages.'];
  const paths = sitemapPaths(clientDir);
  for (const path of paths) {
    if (!prerenderedFile(clientDir, path)) problems.push(`The sitemap lists ${path}, but the build has no such page.`);
  }
  const size = await sizeCheck(outDir);
  if (size.code !== 0) {
    const over = size.output.split('\n').filter((l) => l.startsWith('✗'));
    problems.push(`Pages load more JavaScript than their budget allows:\n    ${over.join('\n    ') || size.output.slice(-800)}`);
  }
  // This server answers a few smoke requests and no search: building the search index would only cost time and memory.
  process.env.SEARCH_AT_START ??= '0';
  const { serve, stopGracefully } = await import('../../src/server/http/server.ts');
  const server = await serve({ distDir: outDir, host: '127.0.0.1', port: 0 });
  const { port } = server.address();
  let onDemand = [];
  let sample = [];
  try {
    onDemand = await catalogPaths(`http://127.0.0.1:${port}`, problems);
    const step = Math.max(1, Math.floor(onDemand.length / SAMPLE));
    sample = [...new Set([...onDemand.filter((_, i) => i % step === 0), onDemand.at(-1)].filter(Boolean))];
    const smoke = ['/api/health', '/en/', '/ar/', '/en/products?category=1&sort=price_asc', '/ar/seller-profile', ...sample];
    for (const path of smoke) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual' }).catch((e) => ({ status: e.message }));
      if (res.status !== 200) problems.push(`The new build answers ${path} with ${res.status} instead of the page.`);
      await res.arrayBuffer?.();
    }
  } finally {
    await stopGracefully(server, 1000);
  }
  // Last: it takes a few minutes, and a build that failed the quick checks is refused anyway.
  if (problems.length === 0) problems.push(...(await lighthouseProblems(outDir)));
  console.log(
    `Checked ${paths.length} sitemap pages (${onDemand.length} on demand, ${sample.length} requested), size budgets, smoke requests, Lighthouse.`,
  );
  return problems;
}
