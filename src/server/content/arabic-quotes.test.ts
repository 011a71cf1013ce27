import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CONTENT_ROOT, contentCollections, contentFiles } from '#tests/support/content-files.ts';

/**
 * Arabic entries quote with « » (issue 20). Straight double quotes would come out as English “ ” (Markdown's smart
 * punctuation), so an Arabic body (outside code) may hold neither; the failure names the entry and the line.
 */
test('the Arabic content entries quote with « », never " or “ ”', () => {
  const offending = contentCollections().flatMap((collection) => {
    const files = contentFiles(collection, 'ar');
    return files.flatMap((file) => {
      const text = readFileSync(join(CONTENT_ROOT, collection, 'ar', file), 'utf8');
      const body = text.replace(/^---\n[\s\S]*?\n---\n/, (fm) => '\n'.repeat(fm.split('\n').length - 1));
      return body
        .replace(/```[\s\S]*?```|`[^`\n]*`/g, (code) => code.replace(/[^\n]/g, ' '))
        .split('\n')
        .flatMap((line, i) => (/["“”]/.test(line) ? [`${collection}/ar/${file}:${i + 1}`] : []));
    });
  });
  expect(offending).toEqual([]);
});
