// `npm run publish`: builds the site into a fresh builds/<id>/, checks it, then points builds/current at it;
// running servers follow the pointer and switch in-process (src/server/http/live-site.ts).
// `npm run publish -- --rollback`: points builds/current back at the previously published build.
// `--release <id> --now <ISO>` (the editors' desk, src/desk/content/server/publish-runner.ts): build that release.
// The live site is never touched until the new build has passed every check.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { checkBuild } from './publish/check.mjs';
import { explainBuildFailure } from './publish/explain.mjs';

const buildsDir = resolve(process.env.BUILDS_DIR ?? 'builds');
const historyFile = join(buildsDir, 'history');
const KEEP = 4; // the live build, the one --rollback returns to, and two more whose hashed assets are still served
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

const history = () => (existsSync(historyFile) ? readFileSync(historyFile, 'utf8').split('\n').filter(Boolean) : []);

function point(id, list) {
  // Write-then-rename: a server reading the pointer sees the old id or the new one, never half a file.
  writeFileSync(join(buildsDir, 'current.tmp'), `${id}\n`);
  renameSync(join(buildsDir, 'current.tmp'), join(buildsDir, 'current'));
  writeFileSync(historyFile, `${list.join('\n')}\n`);
}

function fail(message) {
  console.error(`\nNOT PUBLISHED — the shop keeps showing the version that was live before.\n${message}\n`);
  process.exit(1);
}

if (process.argv.includes('--rollback')) {
  const list = history();
  // Back past the first publish: without a pointer, the servers serve the build they started with (DIST_DIR).
  if (list.length === 1 && existsSync(join(buildsDir, 'current'))) {
    rmSync(join(buildsDir, 'current'));
    writeFileSync(historyFile, '');
    console.log(`Rolled back: the shop now shows the version the servers started with (${seconds()} s).`);
    process.exit(0);
  }
  if (list.length < 2) fail('There is no earlier published version to go back to.');
  list.pop();
  const back = list.at(-1);
  if (!existsSync(join(buildsDir, back, 'server', 'entry.mjs'))) fail(`The earlier version (${back}) was deleted.`);
  point(back, list);
  console.log(`Rolled back: the shop now shows the version published as ${back} (${seconds()} s).`);
  process.exit(0);
}

/**
 * A build imports its packages (react, astro's runtime …) by name, which Node looks up in `node_modules` folders
 * above the importing file: a BUILDS_DIR outside the project (the shared mount of several instances) has none, and
 * the build failed with "Cannot find package 'react' imported from …/server/.prerender/…". A link to the project's
 * node_modules beside the builds answers those look-ups, at build time and for every server loading the build
 * (instances sharing the mount run the project from the same path).
 */
function linkPackages() {
  const link = join(buildsDir, 'node_modules');
  const own = resolve('node_modules');
  if (!relative(resolve('.'), buildsDir).startsWith('..')) return;
  if (existsSync(link) && realpathSync(link) === realpathSync(own)) return;
  rmSync(link, { force: true });
  symlinkSync(own, link, 'dir');
}

const id = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15) + `-${process.pid}`;
const outDir = join(buildsDir, id);
mkdirSync(buildsDir, { recursive: true });
linkPackages();

function run(command, args, env) {
  return new Promise((done) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-200_000);
      if (process.env.PUBLISH_VERBOSE) process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => done({ code, output }));
  });
}

console.log(`Building the new version (${id})…`);
// A publish is for the public: without SITE_URL the build refuses (scripts/site-url.mjs) unless PUBLIC_BUILD=0.
// The editors' desk's entries: a release's (CONTENT_RELEASE, from the desk), judged at an instant (CONTENT_NOW).
const option = (name) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
};
// A publish from a terminal builds every approved revision due now (CONTENT_NOW without a release).
const desk = {
  CONTENT_NOW: option('now') ?? new Date().toISOString(),
  ...(option('release') ? { CONTENT_RELEASE: option('release') } : {}),
};
const astro = await run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
  ...desk,
  BUILD_OUT_DIR: outDir,
  // `--local`: the demo shop's desk (no SITE_URL, not production) publishes a build for its own address.
  PUBLIC_BUILD: process.argv.includes('--local') ? '0' : (process.env.PUBLIC_BUILD ?? '1'),
});
if (astro.code !== 0) {
  rmSync(outDir, { recursive: true, force: true });
  fail(explainBuildFailure(astro.output));
}
const pre = await run(process.execPath, ['scripts/precompress.mjs', join(outDir, 'client')]);
if (pre.code !== 0) {
  rmSync(outDir, { recursive: true, force: true });
  fail(`Compressing the pages failed:\n${pre.output.slice(-2000)}`);
}
console.log(`Built in ${seconds()} s. Checking it before anyone sees it…`);
const problems = await checkBuild(outDir);
if (problems.length > 0) {
  rmSync(outDir, { recursive: true, force: true });
  fail(`The new version failed its checks:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}
const list = [...history(), id];
point(id, list);
// Keep a few builds (rollback, old hashed assets); delete older ones.
for (const old of list.slice(0, -KEEP)) rmSync(join(buildsDir, old), { recursive: true, force: true });
writeFileSync(historyFile, `${list.slice(-KEEP).join('\n')}\n`);
console.log(`Published ${id} in ${seconds()} s. Running servers switch to it within a second.`);
process.exit(0);
