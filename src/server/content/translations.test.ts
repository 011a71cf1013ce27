import { expect, test } from 'vitest';
import { contentCollections, contentFiles } from '#tests/support/content-files.ts';

// An entry and its translation share the file name; the language switch and hreflang links rely on it.
test.each(contentCollections())('every %s entry has its translation', (collection) => {
  const en = contentFiles(collection, 'en');
  expect(en.length).toBeGreaterThan(0);
  expect(contentFiles(collection, 'ar')).toEqual(en);
});
