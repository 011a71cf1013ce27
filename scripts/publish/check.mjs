// Checks a fresh build before it goes live: every page the sitemap lists exists (pre-rendered file, or an
// on-demand page that answers), the JavaScript size budgets hold, and the build's own server answers.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** How many on-demand (product) pages of the sitemap are requested: first, last and evenly spread between. */
const SAMPLE = 40;

function sitemapPaths(clientDir) {
  const files = readdirSync(clientDir).filter((f) => /^sitemap-\d+\.xml$/.test(f));
  const locs = files.flatMap((f) => [...readFileSync(join(clientDir, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)]);
  return locs.map((m) => {
    const url = new URL(m[1].replace(/&amp;/g, '&'));
    return url.pathname + url.search;
  });
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
  if (!existsSync(join(clientDir, 'sitemap-index.xml'))) return ['The new build has no sitemap.'];
  const paths = sitemapPaths(clientDir);
  const onDemand = [];
  for (const path of paths) {
    if (prerenderedFile(clientDir, path)) continue;
    if (/^\/(en|ar)\/single-product\/\d+$/.test(path)) onDemand.push(path);
    // The sellers directory is on demand too; it is always among the smoke requests below.
    else if (/^\/(en|ar)\/seller-profile$/.test(path)) continue;
    else problems.push(`The sitemap lists ${path}, but the build has no such page.`);
  }
  const size = await sizeCheck(outDir);
  if (size.code !== 0) {
    const over = size.output.split('\n').filter((l) => l.startsWith('✗'));
    problems.push(`Pages load more JavaScript than their budget allows:\n    ${over.join('\n    ') || size.output.slice(-800)}`);
  }
  const step = Math.max(1, Math.floor(onDemand.length / SAMPLE));
  const sample = [...new Set([...onDemand.filter((_, i) => i % step === 0), onDemand.at(-1)].filter(Boolean))];
  const smoke = ['/api/health', '/en/', '/ar/', '/en/products?category=1&sort=price_asc', '/ar/seller-profile', ...sample];
  const { serve, stopGracefully } = await import('../../src/server/http/server.ts');
  const server = await serve({ distDir: outDir, host: '127.0.0.1', port: 0 });
  const { port } = server.address();
  try {
    for (const path of smoke) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual' }).catch((e) => ({ status: e.message }));
      if (res.status !== 200) problems.push(`The new build answers ${path} with ${res.status} instead of the page.`);
      await res.arrayBuffer?.();
    }
  } finally {
    await stopGracefully(server, 1000);
  }
  console.log(
    `Checked ${paths.length} sitemap pages (${onDemand.length} on demand, ${sample.length} requested), size budgets, smoke requests.`,
  );
  return problems;
}
