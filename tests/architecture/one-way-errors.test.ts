import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

/**
 * One way to refuse (issue 21): services throw a `Problem` (src/server/problem.ts) with a dictionary code and never see
 * HTTP or a dictionary; the API's one error handler (src/server/api/errors.ts) answers it in the reader's language.
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** Every module a file imports (static, dynamic and type imports), as paths relative to the project. */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const specifiers = [...code.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => relative('.', resolve(dirname(file), s)));
}

// The sandbox's hosted payment page is HTML shown to the shopper in the payment's language: words, not refusals.
const MAY_READ_DICTIONARIES = ['src/server/payments/sandbox/sandbox-page.ts'];

test('services and payments import nothing from the API layer and no dictionary', () => {
  const offences = [...filesUnder('src/server/services'), ...filesUnder('src/server/payments'), ...filesUnder('src/server/auth')]
    .flatMap((file) => importsOf(file).map((imported) => ({ file: relative('.', file), imported })))
    .filter(({ file, imported }) => {
      if (imported.startsWith('src/server/api/')) return true;
      // src/server/auth sends the SMS text in the shopper's language; it refuses through Problem like the rest.
      if (file.startsWith('src/server/auth/')) return false;
      return /^src\/i18n\/(t|en|ar)\.ts$/.test(imported) && !MAY_READ_DICTIONARIES.includes(file);
    })
    .map(({ file, imported }) => `${file} imports ${imported}`);
  expect(offences).toEqual([]);
});

/** The arguments of each `c.json(…)` call, split at the top level. */
function jsonCalls(code: string): string[][] {
  const calls: string[][] = [];
  for (const match of code.matchAll(/\bc\.json\(/g)) {
    const args: string[] = [];
    let depth = 0;
    let current = '';
    for (let i = match.index + match[0].length; i < code.length; i++) {
      const ch = code[i]!;
      if ('([{'.includes(ch)) depth++;
      if (')]}'.includes(ch)) {
        if (depth === 0) break;
        depth--;
      }
      if (ch === ',' && depth === 0) {
        args.push(current);
        current = '';
      } else current += ch;
    }
    args.push(current);
    calls.push(args.map((a) => a.trim()).filter(Boolean));
  }
  return calls;
}

test('API routes answer refusals by throwing a Problem, never with their own 4xx body', () => {
  const inline = filesUnder('src/server/api')
    // The error handler is where a Problem becomes a response.
    .filter((file) => relative('.', file) !== 'src/server/api/errors.ts')
    .flatMap((file) =>
      jsonCalls(readFileSync(file, 'utf8'))
        .filter((args) => args.length > 1 && /\b4\d\d\b/.test(args[1]!))
        .map((args) => `${relative('.', file)}: c.json(…, ${args[1]})`),
    );
  expect(inline).toEqual([]);
});

test('the check sees an inline refusal', () => {
  expect(jsonCalls("return c.json(errorBody('No'), 404);")[0]).toEqual(["errorBody('No')", '404']);
  expect(jsonCalls('c.json({ data: f(a, b) }, placed ? 200 : 201)')[0]![1]).toBe('placed ? 200 : 201');
});
