import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

/**
 * One axe check in the journeys (eslint.config.js, issue 33): only tests/e2e/template-checks.ts imports axe, so every
 * scan uses the same WCAG 2.2 AA rules and a new scan is a visible call to accessibleAt().
 */
const eslint = new ESLint({ cwd: process.cwd() });
const axeImport = "import AxeBuilder from '@axe-core/playwright';\nexport const scan = AxeBuilder;\n";

async function importErrors(filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(axeImport, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

test('a journey importing axe itself is refused', async () => {
  expect(await importErrors('tests/e2e/some-journey.spec.ts')).toEqual([expect.stringMatching(/accessibleAt/)]);
});

test('the one axe check may', async () => {
  expect(await importErrors('tests/e2e/template-checks.ts')).toEqual([]);
});
