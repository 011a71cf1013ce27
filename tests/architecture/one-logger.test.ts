import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { serverRoots } from './server-roots.ts';

/**
 * One way to log on the server (issue 36, decision 027): `log()` from src/server/observability/logger.ts, one JSON line
 * per event with its fields apart from its message, so the platform's collector can read it and the leak checks
 * (tests/api/no-secrets-in-logs.test.ts) see all of it. The server entry keeps one console line: the demo banner on
 * stderr, for a person to read.
 */
function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [path] : [];
  });
}

const consoleCalls = (text: string): string[] => text.match(/\bconsole\.(log|info|warn|error|debug)\(/g) ?? [];

test("no server code (src/server, the wings' server folders) writes to the console; scripts/start.mjs only its demo banner and a malformed configuration's line", () => {
  const writers = serverRoots()
    .flatMap(serverFiles)
    .filter((file) => consoleCalls(readFileSync(file, 'utf8')).length);
  expect(writers).toEqual([]);
  const start = readFileSync('scripts/start.mjs', 'utf8');
  // The demo banner, and the one line a malformed configuration gets: the logger itself reads the configuration.
  expect(consoleCalls(start)).toEqual(['console.error(', 'console.warn(']);
  expect(start).toContain('console.warn(demoNotice(config))');
  expect(start).toContain('console.error(`Not starting: ${');
});

test('the check finds a console call (shown on a planted one)', () => {
  expect(consoleCalls("export const f = () => console.error('free text', error);\n")).toEqual(['console.error(']);
});
