// `npm test`: every test. The OpenAPI lint, the unit and API suite (then, when TEST_PG_URL names a PostgreSQL server, the tests that
// touch the database again on it: `npm run test:db`) runs beside the end-to-end journeys, niced so the journeys keep the
// cores when both want them: on 2 cores the suites fill each other's waits (docs/benchmarks.md, "CI"). Each side's
// output is printed when it ends; the exit code is the first failure's.
import { spawn } from 'node:child_process';

const pg = process.env.TEST_PG_URL;
// The OpenAPI documents are generated and linted first (Redocly's recommended rules; a few seconds, issue 42).
const units = `npm run api:lint && npm run test:unit${pg ? ` && echo '[test] database tests on PostgreSQL' && DATABASE_URL=${pg} npm run test:db` : ''}`;

function run(name, command, { quiet }) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn('bash', ['-c', command], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (quiet) process.stdout.write(output);
      console.log(`[test] ${name}: exit ${code} after ${Math.round((Date.now() - started) / 1000)} s`);
      done(code ?? 1);
    });
  });
}

const [unit, e2e] = await Promise.all([
  run('unit and API tests', `nice -n 10 bash -c ${JSON.stringify(units)}`, { quiet: true }),
  run('end-to-end journeys', 'npm run test:e2e', { quiet: false }),
]);
process.exit(unit || e2e);
