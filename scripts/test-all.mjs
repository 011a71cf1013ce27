// `npm test`: every test. The OpenAPI lint, the unit and API suite (then, when TEST_PG_URL names a PostgreSQL server, the tests that
// touch the database again on it: `npm run test:db`) runs beside the end-to-end journeys, niced so the journeys keep the
// cores when both want them: on 2 cores the suites fill each other's waits (docs/benchmarks.md, "CI"). Each side's
// output is printed when it ends; the exit code is the first failure's.
import { spawn } from 'node:child_process';
import { gateOpened } from './gate-file.mjs';
import { failureLines } from './test-failures.mjs';

const pg = process.env.TEST_PG_URL;
// The OpenAPI documents are generated and linted first (Redocly's recommended rules; a few seconds, issue 42).
const units = `npm run api:lint && npm run test:unit${pg ? ` && echo '[test] database tests on PostgreSQL' && DATABASE_URL=${pg} npm run test:db` : ''}`;

/** What a failed side said about its failures, printed again at the very end: CI logs are read from their tail. */
const failureSummaries = [];

function run(name, command, { quiet }) {
  return new Promise((done) => {
    const started = Date.now();
    // Both sides' output is kept for the summary at the end; the loud side (the journeys) is also passed on as it comes.
    const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const [stream, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      stream.on('data', (chunk) => {
        output += chunk;
        if (!quiet) to.write(chunk);
      });
    }
    child.on('close', (code) => {
      if (quiet) process.stdout.write(output);
      console.log(`[test] ${name}: exit ${code} after ${Math.round((Date.now() - started) / 1000)} s`);
      if (code !== 0) failureSummaries.push({ name, lines: failureLines(output) });
      done(code ?? 1);
    });
  });
}

/**
 * TEST_JOURNEYS_AFTER=<file> (CI): the unit side starts at once, the journeys once that file exists, which CI writes
 * when the e2e build is over: `ok`, or anything else to skip them (the build failed). The unit suite fills the core
 * that the build, lint and typecheck leave idle. TEST_SOURCES_FREE_AFTER (passed on to the journeys): the file CI
 * writes when lint and typecheck are over, which publish.spec.ts waits for before it plants a broken article in
 * src/content (tests/e2e/publish-support.ts).
 */
async function journeys() {
  const gate = process.env.TEST_JOURNEYS_AFTER;
  if (gate) {
    if ((await gateOpened(gate)) !== 'ok') {
      console.log('[test] end-to-end journeys: not run (the e2e build failed)');
      return 1;
    }
  }
  return run('end-to-end journeys', 'npm run test:e2e', { quiet: false });
}

const [unit, e2e] = await Promise.all([
  run('unit and API tests', `nice -n 10 bash -c ${JSON.stringify(units)}`, { quiet: true }),
  journeys(),
]);
for (const { name, lines } of failureSummaries) {
  console.log(`[test] ${name} failed; its failures again (the whole output is above):`);
  for (const line of lines) console.log(`[test]   ${line.trim()}`);
}
process.exit(unit || e2e);
