import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * The lint rule that keeps data loading out of components, islands and stores (eslint.config.js): it must
 * refuse a deliberate bad import in each drawing layer and in each file kind, and leave pages alone.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${m.line}:${m.message}`);
}

const astro = (importLine: string) => `---\n/** A card. */\n${importLine}\nconst x = 1;\n---\n\n<p>{x}</p>\n`;

describe('components, islands and stores do not import src/server', () => {
  test.each([
    ['src/components/catalog/Bad.astro', astro("import { sharedDatabase } from '../../server/db/index.ts';")],
    [
      'src/components/catalog/bad-data.ts',
      "import { sharedDatabase } from '../../server/db/index.ts';\nexport const x = sharedDatabase;\n",
    ],
    ['src/islands/cart/Bad.tsx', "import type { ShopDb } from '../../server/db/index.ts';\nexport type X = ShopDb;\n"],
    [
      'src/stores/bad.ts',
      "import { listProducts } from '../server/services/catalog/products.ts';\nexport const x = listProducts;\n",
    ],
    // by name (package.json's imports) as well as relative
    ['src/islands/cart/ByName.tsx', "import type { ShopDb } from '#server/db/index.ts';\nexport type X = ShopDb;\n"],
    [
      'src/desk/orders/ByName.tsx',
      "import { moveOrder } from '#core/orders/server/order-moves.ts';\nexport const x = moveOrder;\n",
    ],
  ])('%s is refused', async (file, code) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    // Reported on the import's own line, in the file the developer opened.
    expect(errors[0]).toMatch(file.endsWith('.astro') ? /^3:.*Components, islands and stores draw/ : /^1:/);
  });

  test('a <script> block in a component is checked too', async () => {
    const code = `---\nconst x = 1;\n---\n<p>{x}</p>\n<script>\n  import { sharedDatabase } from '../../server/db/index.ts';\n  console.log(sharedDatabase);\n</script>\n`;
    expect(await boundaryErrors('src/components/layout/Bad.astro', code)).toEqual([expect.stringMatching(/^6:/)]);
  });

  test('pages, layouts and the server itself may load data', async () => {
    expect(
      await boundaryErrors('src/pages/[locale]/bad.astro', astro("import { sharedDatabase } from '../../server/db/index.ts';")),
    ).toEqual([]);
    expect(
      await boundaryErrors('src/layouts/Bad.astro', astro("import { sharedDatabase } from '../server/db/index.ts';")),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/server/page-data/bad.ts',
        "import { sharedDatabase } from '../db/index.ts';\nexport const x = sharedDatabase;\n",
      ),
    ).toEqual([]);
  });

  test('shared code in src/lib is fine for components', async () => {
    expect(
      await boundaryErrors(
        'src/components/catalog/Ok.astro',
        astro("import { listingHref } from '../../lib/catalog/listing-url.ts';"),
      ),
    ).toEqual([]);
  });
});

describe('imports by name: no relative import climbs three or more levels (issue 48)', () => {
  test('a planted climb is refused, in a module and in an .astro frontmatter', async () => {
    const climb = "import { formatMoney } from '../../../i18n/format.ts';";
    expect(await boundaryErrors('src/desk/orders/parts/Bad.ts', `${climb}\nexport const x = formatMoney;\n`)).toEqual([
      expect.stringMatching(/^1:.*Import by name/),
    ]);
    expect(await boundaryErrors('src/pages/[locale]/admin/orders/bad.astro', astro(climb))).toEqual([
      expect.stringMatching(/^3:.*Import by name/),
    ]);
  });

  test('the same import by name, and a short relative one, are fine', async () => {
    expect(
      await boundaryErrors(
        'src/desk/orders/parts/Ok.ts',
        "import { formatMoney } from '#i18n/format.ts';\nexport const x = formatMoney;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('src/desk/orders/parts/Ok.ts', "import { x } from '../../shell/y.ts';\nexport const z = x;\n"),
    ).toEqual([]);
  });
});
