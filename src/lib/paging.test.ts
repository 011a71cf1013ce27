import { describe, expect, test } from 'vitest';
import { listingPagePath, pageParam, paginateList } from './paging.ts';

describe('paginateList', () => {
  test('splits items into full pages and a last partial one', () => {
    const pages = paginateList([1, 2, 3, 4, 5], 2);
    expect(pages.map((p) => p.items)).toEqual([[1, 2], [3, 4], [5]]);
    expect(pages[2]!.meta).toEqual({ page: 3, per_page: 2, total: 5, last_page: 3 });
  });

  test('an empty listing still has one page', () => {
    expect(paginateList([], 6)).toEqual([{ page: 1, items: [], meta: { page: 1, per_page: 6, total: 0, last_page: 1 } }]);
  });
});

test('page paths and params', () => {
  expect(listingPagePath('/en/blog/articles', 1)).toBe('/en/blog/articles');
  expect(listingPagePath('/en/blog/articles/', 3)).toBe('/en/blog/articles/page/3');
  expect(pageParam(1)).toBeUndefined();
  expect(pageParam(2)).toBe('page/2');
});
