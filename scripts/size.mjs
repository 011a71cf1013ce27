// `npm run size`: the gzipped JavaScript each page loads, and how much of it is ours beyond the React runtime (module scripts, island components and renderers,
// and everything they import, statically or dynamically), checked against scripts/size-budgets.mjs.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { budgets, deskPages, onDemandPages, TAG_MANAGER_ALLOWANCE_KB } from './size-budgets.mjs';
import { scriptClosure, scriptEntries } from '../src/pwa/script-closure.ts';

const distDir = process.env.DIST_DIR ?? 'dist';
// SIZE_DETAIL=/en/single-product/1: also list that page's files, ours, largest first (what to cut when it is over).
const detail = process.env.SIZE_DETAIL;
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

/** Every JS file reachable from the entry assets, each counted once (src/pwa/script-closure.ts). */
const closure = (entries) => scriptClosure(entries, async (asset) => (await gzSize(asset)).text);

function inlineScripts(html) {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter((s) => s.trim() && !s.trim().startsWith('{'));
}

/**
 * The React runtime: the renderer (Astro's React client with react-dom) and what it imports, plus the JSX runtime.
 * Astro's inline island loader is added per page (isIslandLoader).
 */
async function reactRuntime(pages) {
  const renderers = new Set();
  for (const { html } of pages) for (const m of html.matchAll(/\srenderer-url="([^"]+)"/g)) renderers.add(m[1].split('?')[0]);
  const files = await closure([...renderers]);
  for (const f of await readdir(join(clientDir, '_astro'))) if (/^jsx-runtime\..*\.js$/.test(f)) files.add(`/_astro/${f}`);
  let bytes = 0;
  for (const f of files) bytes += (await gzSize(f)).size;
  return { files, kb: bytes / 1024 };
}

// Astro's island loader (the <astro-island> element that hydrates every island) is framework, not our code.
const isIslandLoader = (script) => /customElements\.define\(["'`]astro-island["'`]/.test(script);

async function measure(url, html, runtime) {
  const files = await closure(scriptEntries(html));
  let bytes = 0;
  let runtimeBytes = 0;
  for (const f of files) {
    const { size } = await gzSize(f);
    bytes += size;
    if (runtime.files.has(f)) runtimeBytes += size;
  }
  if (url === detail) {
    const ours = [...files].filter((f) => !runtime.files.has(f));
    const sizes = await Promise.all(ours.map(async (f) => [(await gzSize(f)).size, f]));
    for (const [size, f] of sizes.sort((a, b) => b[0] - a[0])) console.log(`  ${(size / 1024).toFixed(2).padStart(6)} KB  ${f}`);
  }
  for (const s of inlineScripts(html)) {
    const size = gzipSync(s, { level: 9 }).length;
    bytes += size;
    if (isIslandLoader(s)) runtimeBytes += size;
  }
  const path = url.replace(/^\/(en|ar)(?=\/|$)/, '') || '/';
  const base = budgets.find((b) => b.pattern.test(path));
  const tracked = html.includes('<meta name="gtm-id"');
  const budget = tracked ? { ...base, kb: base.kb + TAG_MANAGER_ALLOWANCE_KB } : base;
  return { url, kb: bytes / 1024, ownKb: (bytes - runtimeBytes) / 1024, budget, files: files.size, tracked };
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

/** A signed-in owner's cookie for the desk pages: a member the check makes once, a verified session opened on the server. */
async function deskCookie() {
  // A made-up owner is no thing to leave in a real shop's database: the size check is for builds, never production.
  const { serverConfig } = await import('../src/server/config.ts');
  if (serverConfig().production)
    throw new Error('npm run size makes a desk member to open the desk pages: not with NODE_ENV=production');
  const { sharedDatabase } = await import('../src/server/db/index.ts');
  const { inviteStaff } = await import('../src/desk/staff/server/staff-accounts.ts');
  const { openStaffSession, STAFF_COOKIE } = await import('../src/core/actors/server/staff-sessions.ts');
  const { db } = await sharedDatabase();
  const email = 'size-check@staff.local';
  const known = await db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirst();
  const staffId = known?.id ?? (await inviteStaff(db, { email, name: 'Size check', role: 'owner' }, null)).staffId;
  // Active without a password or an authenticator: nobody can sign in as it; only this session opens the desk.
  await db.updateTable('staff').set({ status: 'active' }).where('id', '=', staffId).execute();
  const token = await openStaffSession(db, staffId, 'verified', { clientAddress: '127.0.0.1', userAgent: 'npm run size' });
  return `${STAFF_COOKIE}=${token}`;
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
  const cookie = await deskCookie();
  for (const url of deskPages) {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { redirect: 'manual', headers: { cookie } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} (the desk page did not open for the size check)`);
    pages.push({ url, html: await res.text() });
  }
  await stopGracefully(server, 1000);
  return pages;
}

const pages = [...(await staticPages(clientDir)), ...(await onDemand())];
const runtime = await reactRuntime(pages);
const results = await Promise.all(pages.map((p) => measure(p.url, p.html, runtime)));
results.sort((a, b) => b.ownKb - a.ownKb);
let failed = 0;
console.log(
  `React runtime (react-dom client + Astro renderer + react + JSX runtime): ${runtime.kb.toFixed(1)} KB gzipped, plus Astro's island loader (~1.7 KB, inline)`,
);
console.log('gzipped JS per page (KB): total   ours   budget(ours)   page');
for (const r of results) {
  const over = r.ownKb > r.budget.kb;
  if (over) failed += 1;
  console.log(
    `${over ? '✗' : '✓'} ${r.kb.toFixed(1).padStart(8)} ${r.ownKb.toFixed(1).padStart(6)} ${String(r.budget.kb).padStart(8)}   ${r.url}  (${r.files} files)`,
  );
}
const tracked = results.filter((r) => r.tracked).length;
if (tracked)
  console.log(
    `${tracked} pages built with a tag manager (GTM_ID): their budgets include +${TAG_MANAGER_ALLOWANCE_KB} KB for consent and data-layer events`,
  );
console.log(`${results.length} pages, ${failed} over budget`);
process.exit(failed ? 1 : 0);
