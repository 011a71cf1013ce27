import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * One desk kit (issue 33, eslint.config.js): buttons, refusal banners, tables, pagers and tabs come from
 * src/kit, a desk island writes only through useDeskAction, and a typed amount is read only by parseMoneyInput
 * (src/lib/money.ts). Each rule must refuse a planted violation, and leave the kit itself alone.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function syntaxErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${m.line}:${m.message}`);
}

const island = (body: string) => `export function Bad() {\n  return (\n${body}\n  );\n}\n`;

describe('desk islands draw with the kit', () => {
  test.each([
    [
      'a primary button class string',
      'src/desk/orders/Bad.tsx',
      island('    <button className="rounded-full bg-crema px-5 py-2 text-white">Go</button>'),
      /A primary button is <Button>/,
    ],
    [
      'a primary button class in a template',
      'src/islands/account/Bad.tsx',
      'export const look = (x: string) => `rounded-full bg-crema ${x}`;\n',
      /A primary button is <Button>/,
    ],
    [
      'a hand-styled refusal banner',
      'src/desk/content/Bad.tsx',
      island('    <p role="alert" className="bg-red-50">No</p>'),
      /A refusal banner is <Notice>/,
    ],
    ['a hand-written table', 'src/desk/refunds/Bad.tsx', island('    <table><tbody /></table>'), /A table is <DataTable>/],
    [
      'a hand-written pager or tabs',
      'src/desk/promotions/Bad.tsx',
      island('    <nav aria-label="Page 1"><a href="?page=2">Next</a></nav>'),
      /A pager is <Pager>, tabs are <Tabs>/,
    ],
  ])('%s is refused', async (_what, file, code, message) => {
    expect(await syntaxErrors(file, code)).toEqual([expect.stringMatching(message)]);
  });

  test('a desk island that writes through adminCall itself is refused; reading is fine', async () => {
    const write =
      "import { adminCall } from '../shell/admin-client.ts';\nexport const save = () => adminCall('en', '/coupons', { method: 'POST', body: {} });\n";
    expect(await syntaxErrors('src/desk/promotions/Bad.tsx', write)).toEqual([
      expect.stringMatching(/^2:.*writes through useDeskAction/),
    ]);
    const read =
      "import { adminCall } from '../shell/admin-client.ts';\nexport const load = () => adminCall('en', '/coupons?page=2');\n";
    expect(await syntaxErrors('src/desk/promotions/Ok.tsx', read)).toEqual([]);
  });

  test('the kit itself may draw them', async () => {
    const code = island('    <table><caption className="bg-crema text-white" role="alert" /></table>');
    expect(await syntaxErrors('src/kit/Table.tsx', code)).toEqual([]);
  });
});

describe('forms read typed amounts with parseMoneyInput', () => {
  test.each([
    [
      'src/desk/refunds/Bad.tsx',
      "import { fromPounds } from '../../../lib/money.ts';\nexport const a = (t: string) => fromPounds(t);\n",
    ],
    [
      'src/islands/forms/Bad.tsx',
      "import { latinDigits } from '../../lib/text.ts';\nexport const a = (t: string) => Number(latinDigits(t));\n",
    ],
  ])('%s is refused', async (file, code) => {
    expect(await syntaxErrors(file, code)).toEqual([expect.stringMatching(/^2:.*parseMoneyInput/)]);
  });

  test('the parser is fine in an island', async () => {
    const code =
      "import { parseMoneyInput } from '../../../lib/money.ts';\nexport const a = (t: string) => parseMoneyInput(t);\n";
    expect(await syntaxErrors('src/desk/refunds/Ok.tsx', code)).toEqual([]);
  });
});

/**
 * Astro templates are not linted (scripts/eslint/astro-blocks.mjs lints their frontmatter only), so the desk's pages
 * and components are read as text: tabs are <Tabs>, pagers <Pager>, tables <DataTable>, refusal banners <Notice>
 * (src/kit; Astro draws a React component without a client directive as plain HTML).
 */
const deskTemplates = ['src/pages/[locale]/admin', 'src/pages/[locale]/seller', 'src/desk', 'src/seller'];
const handWritten: [RegExp, string][] = [
  [/aria-current=/, 'tabs: use <Tabs> from src/kit/Tabs.tsx'],
  [/page\s*[-+]\s*1/, 'a pager: use <Pager> from src/kit/Pager.tsx'],
  [/<table\b/, 'a table: use <DataTable> from src/kit/DataTable.tsx'],
  [/role=["']alert["']/, 'a refusal banner: use <Notice> from src/kit/Notice.tsx'],
];

/** The packing slips and labels are a printed document (black rules on paper, print stylesheet), not a desk table. */
const printedDocuments = new Set([
  join('src/pages/[locale]/admin/orders', 'print.astro'),
  // A courier's daily manifest: printed and signed at hand-over (issue 38).
  join('src/pages/[locale]/admin/couriers/manifest', '[id].astro'),
]);

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? astroFiles(join(dir, e.name)) : e.name.endsWith('.astro') ? [join(dir, e.name)] : [],
  );
}

export function handWrittenParts(file: string, text: string): string[] {
  const template = text.replace(/^---[\s\S]*?\n---/, '');
  return handWritten.filter(([pattern]) => pattern.test(template)).map(([, what]) => `${file}: ${what}`);
}

describe('the desk pages draw tabs, pagers and tables with the kit', () => {
  test('no hand-written ones', () => {
    const found = deskTemplates
      .filter((dir) => existsSync(dir))
      .flatMap(astroFiles)
      // A layout's menu marks the current page (aria-current), as src/desk/shell/AdminLayout.astro does: not tabs.
      .filter((f) => !f.endsWith('Layout.astro'))
      .flatMap((f) =>
        handWrittenParts(f, readFileSync(f, 'utf8')).filter((p) => !printedDocuments.has(f) || !p.includes('a table')),
      );
    expect(found).toEqual([]);
  });

  test('the check sees a planted one', () => {
    const planted = `---\nconst page = 2;\n---\n<nav><a href={\`?page=\${page - 1}\`} aria-current="page">1</a></nav><table></table>\n<p role="alert">No</p>\n`;
    expect(handWrittenParts('Bad.astro', planted)).toHaveLength(4);
  });
});
