import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

/**
 * A phone number shown on its own sits in `<bdi dir="ltr">`. A plain `<bdi>` isolates it, but a number written
 * `+20…` has no strong character: in an Arabic page it took the page's direction, and its plus sign was drawn after
 * the digits ("201001112233+", the courier page at 360 px). Templates and islands are read as text.
 */
const exts = /\.(tsx|astro)$/;
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : exts.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** `<bdi>` tags, without a left-to-right direction, that hold an expression naming a phone. */
export const phonesWithoutDirection = (file: string, text: string): string[] =>
  [...text.matchAll(/<bdi(?![^>]*dir="ltr")[^>]*>\{([^}]*phone[^}]*)\}<\/bdi>/gi)].map(
    (m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`,
  );

test('the check finds a phone in a bare <bdi> and passes one drawn left to right', () => {
  expect(phonesWithoutDirection('x.tsx', '<td><bdi>{row.phone}</bdi></td>')).toHaveLength(1);
  expect(phonesWithoutDirection('x.tsx', '<td><bdi dir="ltr">{row.phone}</bdi></td>')).toEqual([]);
  expect(phonesWithoutDirection('x.tsx', '<bdi>{order.total}</bdi>')).toEqual([]);
});

test('every phone shown on its own in the shop, the desk and the seller portal is drawn left to right', () => {
  const found = filesUnder('src').flatMap((file) => phonesWithoutDirection(file, readFileSync(file, 'utf8')));
  expect(found).toEqual([]);
});
