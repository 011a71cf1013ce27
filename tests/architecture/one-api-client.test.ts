import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * The lint rule that keeps one way to call the API from the browser (eslint.config.js, issue 21): islands and stores
 * go through src/lib/api-client.ts; a bare `fetch` there is refused.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function fetchErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-globals' || m.ruleId === 'no-restricted-properties')
    .map((m) => `${m.line}:${m.message}`);
}

describe('islands and stores call the API only through src/lib/api-client.ts', () => {
  test.each([
    ['src/islands/catalog/Bad.tsx', "export const load = () => fetch('/api/products');\n"],
    ['src/stores/bad.ts', "export const load = () => window.fetch('/api/wishlist');\n"],
    ['src/islands/cart/bad-call.ts', "export const load = () => globalThis.fetch('/api/cart/quote');\n"],
  ])('a bare fetch in %s is refused', async (file, code) => {
    expect(await fetchErrors(file, code)).toEqual([expect.stringMatching(/^1:.*src\/lib\/api-client\.ts/)]);
  });

  test('the client itself, and calls through it, are fine', async () => {
    expect(await fetchErrors('src/lib/api-client.ts', "export const call = () => fetch('/api/health');\n")).toEqual([]);
    expect(
      await fetchErrors(
        'src/islands/catalog/Ok.tsx',
        "import { apiFetch } from '../../lib/api-client.ts';\nexport const load = () => apiFetch('/products');\n",
      ),
    ).toEqual([]);
  });
});

/**
 * Data for islands comes from stores (eslint.config.js `storeReaders`, issue 21): the islands that show the shopper's
 * addresses, orders, wallet, checkout and placed order read stores; importing the client's calls there is refused.
 */
async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${m.line}:${m.message}`);
}

describe('the islands that show shopper data read stores', () => {
  test.each([
    [
      'src/islands/orders/OrderHistory.tsx',
      "import { shopperFetch } from '../../lib/api-client.ts';\nexport const x = shopperFetch;\n",
    ],
    ['src/islands/account/AddressBook.tsx', "import { apiFetch } from '../../lib/api-client.ts';\nexport const x = apiFetch;\n"],
    [
      'src/islands/checkout/use-checkout-data.ts',
      "import { shopperFetch } from '../../lib/api-client.ts';\nexport const x = shopperFetch;\n",
    ],
  ])('a call of the API client in %s is refused', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([expect.stringMatching(/^1:.*from a store \(src\/stores/)]);
  });

  test('they may still word a refusal with the client, and still may not reach src/server', async () => {
    const file = 'src/islands/orders/OrderHistory.tsx';
    expect(
      await importErrors(file, "import { firstMessage } from '../../lib/api-client.ts';\nexport const x = firstMessage;\n"),
    ).toEqual([]);
    expect(
      await importErrors(file, "import { sharedDatabase } from '../../server/db/index.ts';\nexport const x = sharedDatabase;\n"),
    ).toEqual([expect.stringMatching(/^1:.*Components, islands and stores draw/)]);
  });

  test('the stores themselves call the client', async () => {
    expect(
      await importErrors(
        'src/stores/orders.ts',
        "import { shopperFetch } from '../lib/api-client.ts';\nexport const x = shopperFetch;\n",
      ),
    ).toEqual([]);
  });
});
