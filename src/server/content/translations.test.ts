import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '../../content');
const collections = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// An entry and its translation share the file name; the language switch and hreflang links rely on it.
test.each(collections)('every %s entry has its translation', (collection) => {
  const en = readdirSync(join(root, collection, 'en')).sort();
  const ar = readdirSync(join(root, collection, 'ar')).sort();
  expect(en.length).toBeGreaterThan(0);
  expect(ar).toEqual(en);
});
