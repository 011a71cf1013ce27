import { afterEach, expect, test, vi } from 'vitest';

// The store's one API client, answered by the test: the list read and each toggle resolve when the test says so.
const answers: { path: string; resolve: (body: unknown) => void }[] = [];
vi.mock('#lib/api-client.ts', () => ({
  firstMessage: (_: unknown, fallback: string) => fallback,
  shopperFetch: (path: string) =>
    new Promise((resolve) => answers.push({ path, resolve: (body) => resolve({ ok: true, status: 200, body }) })),
}));
const { $wishlist, fetchWishlist, resetWishlist, toggleWishlist } = await import('./wishlist.ts');

const next = async (path: string) => {
  await vi.waitFor(() => expect(answers.some((a) => a.path === path)).toBe(true));
  const at = answers.findIndex((a) => a.path === path);
  return answers.splice(at, 1)[0]!;
};
afterEach(() => {
  resetWishlist();
  answers.length = 0;
});

test('a heart pressed while the first list is on its way stays pressed: the older list does not undo it', async () => {
  const fetching = fetchWishlist();
  const staleRead = await next('/wishlist');
  const toggling = toggleWishlist(7, 'failed');
  (await next('/wishlist/7')).resolve({ data: { listed: true } });
  await toggling;
  expect($wishlist.get().ids).toEqual([7]);
  // The list read before the toggle arrives afterwards: it is read again instead of being stored.
  staleRead.resolve({ data: [] });
  (await next('/wishlist')).resolve({ data: [{ id: 7 }] });
  await fetching;
  expect($wishlist.get()).toMatchObject({ ids: [7], status: 'loaded' });
});

test('without a toggle meanwhile, the list is stored as read', async () => {
  const fetching = fetchWishlist();
  (await next('/wishlist')).resolve({ data: [{ id: 3 }, { id: 4 }] });
  await fetching;
  expect($wishlist.get()).toMatchObject({ ids: [3, 4], status: 'loaded' });
});
