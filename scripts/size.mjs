// `npm run size`: the gzipped JavaScript each page loads (module scripts, island components and renderers,
// and everything they import, statically or dynamically), checked against scripts/size-budgets.mjs.
import { readdir, readFile } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { budgets, onDemandPages } from './size-budgets.mjs';

const distDir = process.env.DIST_DIR ?? 'dist';
const clientDir = join(distDir, 'client');
const gzipped = new Map();

async function gzSize(assetPath) {
  if (!gzipped.has(assetPath)) {
    const body = await readFile(join(clientDir, assetPath)).catch(() => undefined);
    gzipped.set(
      assetPath,
      body ? { size: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') } : { size: 0, text: '' },
    );
  }
  return gzipped.get(assetPath);
}

// Minified bundles write `import{a as b}from"./x.js"`, `import"./x.js"`, `import("./x.js")` and `import(\`./x.js\`)`.
const importRe = /(?:\bfrom|\bimport)\s*\(?\s*["'`]([^"'`]+\.m?js)["'`]/g;

/** Every JS file reachable from the entry assets, each counted once. */
async function closure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const asset = queue.pop();
    if (seen.has(asset)) continue;
    seen.add(asset);
    const { text } = await gzSize(asset);
    for (const m of text.matchAll(importRe)) {
      const spec = m[1];
      if (!spec || /^[a-z]+:/.test(spec)) continue;
      queue.push(spec.startsWith('/') ? spec : posix.join(posix.dirname(asset), spec));
    }
  }
  return seen;
}

function entriesOf(html) {
  const found = new Set();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/\s(?:component-url|renderer-url)="([^"]+)"/g)) found.add(m[1]);
  return [...found].filter((u) => u.startsWith('/')).map((u) => u.split('?')[0]);
}

function inlineScripts(html) {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter((s) => s.trim() && !s.trim().startsWith('{'));
}

async function measure(url, html) {
  const files = await closure(entriesOf(html));
  let bytes = 0;
  for (const f of files) bytes += (await gzSize(f)).size;
  for (const s of inlineScripts(html)) bytes += gzipSync(s, { level: 9 }).length;
  const path = url.replace(/^\/(en|ar)(?=\/|$)/, '') || '/';
  const budget = budgets.find((b) => b.pattern.test(path));
  return { url, kb: bytes / 1024, budget, files: files.size };
}

async function staticPages(dir) {
  const pages = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const url = `/${relative(clientDir, file).replace(/\\/g, '/')}`.replace(/index\.html$/, '').replace(/\.html$/, '');
    pages.push({ url, html: await readFile(file, 'utf8') });
  }
  return pages;
}

async function onDemand() {
  const { serve, stopGracefully } = await import('../src/server/http/server.ts');
  const server = await serve({ distDir, host: '127.0.0.1', port: 0 });
  const { port } = server.address();
  const pages = [];
  for (const url of onDemandPages) {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { redirect: 'manual' });
    pages.push({ url, html: await res.text() });
  }
  await stopGracefully(server, 1000);
  return pages;
}

const pages = [...(await staticPages(clientDir)), ...(await onDemand())];
const results = await Promise.all(pages.map((p) => measure(p.url, p.html)));
results.sort((a, b) => b.kb - a.kb);
let failed = 0;
console.log('gzipped JS per page (KB)   budget   page');
for (const r of results) {
  const over = r.kb > r.budget.kb;
  if (over) failed += 1;
  console.log(
    `${over ? '✗' : '✓'} ${r.kb.toFixed(1).padStart(8)} ${String(r.budget.kb).padStart(9)}   ${r.url}  (${r.files} files)`,
  );
}
console.log(`${results.length} pages, ${failed} over budget`);
process.exit(failed ? 1 : 0);
