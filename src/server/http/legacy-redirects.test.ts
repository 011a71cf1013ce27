import { expect, test } from 'vitest';
import { legacyRedirect } from './legacy-redirects.ts';

const at = (path: string) => legacyRedirect(new URL(path, 'http://shop.test'));

test('/coffee-shops goes to the spec spelling, keeping locale, sub-path and query', () => {
  expect(at('/en/coffee-shops')).toBe('/en/coffe-shops');
  expect(at('/ar/coffee-shops/')).toBe('/ar/coffe-shops');
  expect(at('/en/coffee-shops/page/2?x=1')).toBe('/en/coffe-shops/page/2?x=1');
  expect(at('/en/coffe-shops')).toBeUndefined();
  expect(at('/en/products')).toBeUndefined();
});
