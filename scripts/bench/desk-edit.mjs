// `npm run bench:desk-edit` (after `npm run build`): how long a price changed in the desk takes to reach the product
// page's HTML and JSON-LD a shopper or crawler gets (issue 23). SQLite: one instance. PostgreSQL (DATABASE_URL set): two
// instances on one database, the change made through the first and read from the second. Ten random products each;
// the page is requested (and cached) before every change, so the time includes emptying the render cache.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/index.ts';
import { inviteStaff } from '../../src/desk/staff/server/staff-accounts.ts';
import { currentCode } from '../../src/core/second-factor/server/totp.ts';

const TRIALS = 10;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function start(port, env) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', FOLLOW_PUBLISH: '0', SMS_OUTBOX_QUIET: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error(`server on ${port} did not start`);
}
const stop = (child) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))));

/** A verified staff session the real way: invitation, password, second factor. Returns its cookie. */
async function staffCookie(base, dbOptions) {
  const { db } = await openDatabase({ ...dbOptions, seed: false });
  const { token } = await inviteStaff(db, { email: `bench${Date.now()}@staff.test`, name: 'Bench', role: 'operations' }, null);
  await db.destroy();
  const json = { 'content-type': 'application/json' };
  const accepted = await fetch(`${base}/api/admin/auth/accept-invite`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token, password: 'kettle-grinder-42' }),
  });
  const cookie = /bb_staff=[^;]*/.exec(accepted.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`accept-invite: ${accepted.status} ${await accepted.text()}`);
  const enrol = await (await fetch(`${base}/api/admin/auth/enrol`, { headers: { cookie } })).json();
  const enrolled = await fetch(`${base}/api/admin/auth/enrol`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ code: currentCode(enrol.data.secret) }),
  });
  // The enrolment signs the member in under a new token (issue 34): the one from accepting the invitation is spent.
  const signedIn = /bb_staff=[^;]*/.exec(enrolled.headers.get('set-cookie') ?? '')?.[0];
  if (!signedIn) throw new Error(`enrol: ${enrolled.status} ${await enrolled.text()}`);
  return signedIn;
}

const offerPrice = (html) => /"offers":\{"@type":"Offer"[^}]*"price":"([\d.]+)"/.exec(html)?.[1];

async function trials(writeBase, readBase, cookie) {
  const seconds = [];
  for (let i = 0; i < TRIALS; i += 1) {
    const id = 1 + Math.floor(Math.random() * 150);
    const page = `${readBase}/en/single-product/${id}`;
    await fetch(page).then((r) => r.text()); // cached as a crawler left it
    const form = (await (await fetch(`${writeBase}/api/admin/products/${id}`, { headers: { cookie } })).json()).data;
    const price = form.price + 100;
    const want = `${Math.trunc(price / 100)}.${String(price % 100).padStart(2, '0')}`;
    const started = performance.now();
    const res = await fetch(`${writeBase}/api/admin/products/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...form, price, was_stock: form.stock }),
    });
    if (!res.ok) throw new Error(`edit ${id}: ${res.status} ${await res.text()}`);
    for (;;) {
      if (offerPrice(await fetch(page).then((r) => r.text())) === want) break;
      if (performance.now() - started > 120_000) throw new Error(`product ${id} never showed ${want}`);
      await sleep(20);
    }
    seconds.push((performance.now() - started) / 1000);
  }
  seconds.sort((a, b) => a - b);
  return `median ${seconds[TRIALS / 2].toFixed(2)} s, slowest ${seconds.at(-1).toFixed(2)} s over ${TRIALS} edits`;
}

const dir = await mkdtemp(join(tmpdir(), 'desk-edit-'));
try {
  const sqlitePath = join(dir, 'shop.sqlite');
  const server = await start(4531, { DATABASE_PATH: sqlitePath, DATABASE_URL: '' });
  try {
    const cookie = await staffCookie('http://127.0.0.1:4531', { sqlitePath });
    console.log(`SQLite, one instance: ${await trials('http://127.0.0.1:4531', 'http://127.0.0.1:4531', cookie)}`);
  } finally {
    await stop(server);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

const url = process.env['DATABASE_URL'];
if (url) {
  const name = `desk_edit_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const servers = [];
  try {
    // One after the other: the first migrates and seeds the empty database.
    servers.push(await start(4532, { DATABASE_URL: own.toString() }));
    servers.push(await start(4533, { DATABASE_URL: own.toString() }));
    const cookie = await staffCookie('http://127.0.0.1:4532', { databaseUrl: own.toString() });
    console.log(
      `PostgreSQL, two instances (edited on one, read from the other): ${await trials('http://127.0.0.1:4532', 'http://127.0.0.1:4533', cookie)}`,
    );
  } finally {
    await Promise.all(servers.map(stop));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
