import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * Functions a reader can hold (issue 48, eslint.config.js): `max-lines-per-function` refuses a function over 120 lines
 * of code (blank lines and comments not counted) in src and scripts, and leaves tests and migrations alone.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function lengthErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines-per-function').map((m) => `${m.line}:${m.message}`);
}

/** A function of `lines` lines in all: its opening and closing lines and `lines - 2` statements inside. */
const functionOf = (lines: number) =>
  `export function planted(): number {\n  let total = 0;\n${Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};`).join('\n')}\n  return total;\n}\n`;

describe('no function over 120 lines', () => {
  test('a planted 121-line function is refused, in the server, an island and a script', async () => {
    const code = functionOf(121);
    expect(code.trimEnd().split('\n')).toHaveLength(121);
    for (const file of ['src/server/api/planted.ts', 'src/desk/orders/Planted.tsx', 'scripts/planted.mjs'])
      expect(await lengthErrors(file, code)).toEqual([
        expect.stringMatching(/^1:.*too many lines \(121\)\. Maximum allowed is 120/),
      ]);
  });

  test('120 lines pass, and blank lines and comments do not count', async () => {
    expect(await lengthErrors('src/server/api/planted.ts', functionOf(120))).toEqual([]);
    const padded = functionOf(120).replace('  let total = 0;\n', '  let total = 0;\n\n  // why it starts at zero\n\n');
    expect(await lengthErrors('src/server/api/planted.ts', padded)).toEqual([]);
  });

  test('tests and migrations are left alone', async () => {
    const code = functionOf(200);
    expect(await lengthErrors('tests/api/planted.test.ts', code)).toEqual([]);
    expect(await lengthErrors('src/server/services/planted.test.ts', code)).toEqual([]);
    expect(await lengthErrors('src/server/db/migrations/099-planted.ts', code)).toEqual([]);
  });
});
