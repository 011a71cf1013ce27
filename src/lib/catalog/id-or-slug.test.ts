import { expect, it } from 'vitest';
import { MAX_ROW_ID, readIdOrSlug } from './id-or-slug.ts';

it('reads digits as an id up to the largest row id, past it as no row, and anything else as a slug', () => {
  expect(readIdOrSlug('42')).toEqual({ id: 42 });
  expect(readIdOrSlug(String(MAX_ROW_ID))).toEqual({ id: MAX_ROW_ID });
  expect(readIdOrSlug(String(MAX_ROW_ID + 1))).toBeNull();
  expect(readIdOrSlug('9'.repeat(40))).toBeNull();
  expect(readIdOrSlug('nile-roasters')).toEqual({ slug: 'nile-roasters' });
  expect(readIdOrSlug('42-beans')).toEqual({ slug: '42-beans' });
});
