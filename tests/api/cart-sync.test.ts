/**
 * The browser's cart sync (src/stores/cart-sync.ts) against the real API on a fresh database: the stores run in
 * Node with a stand-in window and localStorage, and fetch goes straight to the Hono app.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { CartProduct } from '../../src/lib/cart-math.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

const storage = new Map<string, string>();
const fakeStorage = {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, String(v)),
  removeItem: (k: string) => void storage.delete(k),
  clear: () => storage.clear(),
  key: (i: number) => [...storage.keys()][i] ?? null,
  get length() {
    return storage.size;
  },
};
const fakeWindow = Object.assign(new EventTarget(), { location: { origin: 'http://shop.test' } });
vi.stubGlobal('window', fakeWindow);
vi.stubGlobal('localStorage', fakeStorage);

/** Calls the page has made and not yet had answered. */
let inFlight = 0;
/** The connection is down: every call fails as fetch fails without a network. */
let offline = false;
let t: Awaited<ReturnType<typeof testApi>>;
let products: CartProduct[];
beforeAll(async () => {
  t = await testApi();
  vi.stubGlobal('fetch', async (url: string | URL, init?: RequestInit) => {
    if (offline) throw new TypeError('Failed to fetch');
    inFlight += 1;
    try {
      return await t.api.request(String(url), init);
    } finally {
      inFlight -= 1;
    }
  });
  const { body } = await t.json('/api/products?per_page=60');
  products = body.data
    .filter((p: { stock: number }) => p.stock >= 5 && p.stock <= 50)
    .slice(0, 3)
    .map((p: CartProduct & { img: string }) => ({
      id: p.id,
      name: p.name,
      price: p.price,
      beforeDiscount: null,
      images: [],
      stock: p.stock,
    }));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

/** A fresh page: new module instances over the same storage (what a reload or a second tab gets). */
async function openPage() {
  vi.resetModules();
  const cart = await import('../../src/stores/cart.ts');
  const session = await import('../../src/stores/session.ts');
  const wishlist = await import('../../src/stores/wishlist.ts');
  const sync = await import('../../src/stores/cart-sync.ts');
  sync.startCartSync();
  return { ...cart, ...session, ...wishlist };
}

const serverLines = async (headers: Record<string, string>) =>
  ((await t.json('/api/shopping-cart', { headers })).body.data.items as { product: { id: number }; quantity: number }[]).map(
    (i) => [i.product.id, i.quantity],
  );
/** The sync has had its turn (it defers a send by one task) and every call it made is answered. */
const settle = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await vi.waitFor(() => expect(inFlight).toBe(0));
};

test('login merges the guest cart once, later changes are sent, a logout reset is not', async () => {
  const [a, b, c] = products as [CartProduct, CartProduct, CartProduct];
  const shopper = await makeShopper(t.db);
  await t.api.request('/api/shopping-cart', {
    method: 'POST',
    headers: { ...shopper.headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      products: [
        { product_id: a.id, quantity: 2 },
        { product_id: c.id, quantity: 1 },
      ],
    }),
  });
  const user = { id: shopper.id, firstName: 'T', lastName: 'S', email: 'x@example.com', phone: '+201000000000', avatar: null };

  const page = await openPage();
  page.addToCart(a, 1);
  page.addToCart(b, 2);
  page.provideAccessToken(async () => shopper.token);
  page.setSession(user);
  expect(page.$cart.get().isLoading).toBe(true);
  await vi.waitFor(() => expect(page.$cart.get().isLoading).toBe(false));
  const merged = [
    [a.id, 3],
    [b.id, 2],
    [c.id, 1],
  ];
  expect(page.$cart.get().cartsProducts.map((l) => [l.product.id, l.quantity])).toEqual(merged);
  expect(await serverLines(shopper.headers)).toEqual(merged);
  expect(storage.get('cart-owner')).toBe(String(shopper.id));

  // Another tab (or a reload) of the same logged-in shopper: replaced by the server's cart, not merged again.
  const second = await openPage();
  second.provideAccessToken(async () => shopper.token);
  second.setSession(user);
  await vi.waitFor(() => expect(second.$cart.get().isLoading).toBe(false));
  await settle();
  expect(await serverLines(shopper.headers)).toEqual(merged);

  // A change is sent whole; a removal after recomputation.
  second.removeFromCart(b.id);
  await vi.waitFor(async () => expect(await serverLines(shopper.headers)).toEqual([merged[0], merged[2]]));
  expect(second.$cart.get().sub_total).toBe(3 * a.price + c.price);

  // Logout as the accounts code does it: the reset never reaches the server; wishlist and marker cleared.
  second.resetCart();
  second.setSession(null);
  await settle();
  expect(await serverLines(shopper.headers)).toEqual([merged[0], merged[2]]);
  expect(second.$wishlist.get()).toMatchObject({ ids: [], products: [] });
  expect(storage.has('cart-owner')).toBe(false);
});

test('a refused send (quantity above the stock) reaches the shopper as an error toast', async () => {
  const [a] = products as [CartProduct];
  const shopper = await makeShopper(t.db);
  storage.clear();
  const page = await openPage();
  page.provideAccessToken(async () => shopper.token);
  page.setSession({
    id: shopper.id,
    firstName: 'T',
    lastName: 'S',
    email: 'y@example.com',
    phone: '+201000000001',
    avatar: null,
  });
  await vi.waitFor(() => expect(page.$cart.get().isLoading).toBe(false));
  const toasts: string[] = [];
  (window as unknown as { __toasts: unknown }).__toasts = { ready: true, pending: [] };
  window.addEventListener('app:toast', (e) => toasts.push((e as CustomEvent<{ message: string }>).detail.message));
  // The shopper's copy says there is more stock than the catalog has now.
  page.addToCart({ ...a, stock: a.stock + 5 }, a.stock + 1);
  // A second change with the same lines before the answer (the loading flag dropping does this after a login):
  // the refused cart is not sent again, so the shopper reads the error once.
  page.setCartLoading(false);
  await vi.waitFor(() => expect(toasts).toEqual([`Only ${a.stock} of ${a.name} in stock`]));
  await settle();
  expect(toasts).toHaveLength(1);
});

test('a change made while the connection was down is sent once the browser is back online', async () => {
  const [a, b] = products as [CartProduct, CartProduct];
  const shopper = await makeShopper(t.db);
  storage.clear();
  const page = await openPage();
  // The guest cart the earlier test left in the persistent store (its engine outlives a module reset).
  page.resetCart();
  page.provideAccessToken(async () => shopper.token);
  page.setSession({
    id: shopper.id,
    firstName: 'T',
    lastName: 'S',
    email: 'o@example.com',
    phone: '+201000000001',
    avatar: null,
  });
  await vi.waitFor(() => expect(page.$cart.get().isLoading).toBe(false));
  page.addToCart(a, 1);
  await vi.waitFor(async () => expect(await serverLines(shopper.headers)).toEqual([[a.id, 1]]));

  offline = true;
  try {
    page.addToCart(b, 2);
    await settle();
    expect(await serverLines(shopper.headers)).toEqual([[a.id, 1]]);
  } finally {
    offline = false;
  }
  // Nothing else changes the cart: only the browser's `online` event can send it now.
  fakeWindow.dispatchEvent(new Event('online'));
  await vi.waitFor(async () =>
    expect(await serverLines(shopper.headers)).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]),
  );
});
