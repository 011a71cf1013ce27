import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AddressView, OrderView, WalletView } from '#lib/orders/views.ts';

// The stores' one API client, answered by the test: every call waits until the test answers it.
interface Call {
  path: string;
  method: string;
  body: unknown;
  answer: (status: number, body: unknown) => void;
}
const calls: Call[] = [];
const call = (path: string, options: { method?: string; body?: unknown } = {}) =>
  new Promise((resolve) =>
    calls.push({
      path,
      method: options.method ?? 'GET',
      body: options.body,
      answer: (status, body) => resolve({ ok: status < 400, status, body, problem: null }),
    }),
  );
vi.mock('#lib/api-client.ts', () => ({
  firstMessage: (body: { message?: string; messages?: string[] } | undefined, fallback: string) =>
    body?.messages?.[0] || body?.message || fallback,
  shopperFetch: call,
  apiFetch: call,
}));
const { setSession } = await import('./session.ts');
const { clearShopperData, dataStore } = await import('./shopper-data.ts');
const { $addresses, reloadAddresses, removeAddress, saveAddress } = await import('./addresses.ts');
const { $orders, cancelOrder } = await import('./orders.ts');
const { $wallet } = await import('./wallet.ts');

const shopper = { id: 1, firstName: 'Mona', lastName: 'Adel', email: 'mona@example.com', phone: '+201000000001', avatar: null };
const home = { id: 11, title: 'Home', is_primary: true } as AddressView;
const work = { id: 12, title: 'Work', is_primary: false } as AddressView;

/** The calls made to a path so far (a read is a GET). */
const made = (path: string, method = 'GET') => calls.filter((c) => c.path === path && c.method === method);
/** The next unanswered call to a path, once it was made. */
const next = async (path: string, method = 'GET') => {
  await vi.waitFor(() => expect(made(path, method).length).toBeGreaterThan(0));
  const at = calls.findIndex((c) => c.path === path && c.method === method);
  return calls.splice(at, 1)[0]!;
};
/** Lets the awaited answers reach the stores. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An island on the page: subscribes as useStore does; unsubscribed after each test. */
const islands: (() => void)[] = [];
const island = (store: { listen: (cb: () => void) => () => void }) => islands.push(store.listen(() => {}));

beforeEach(() => setSession(shopper));
afterEach(() => {
  islands.splice(0).forEach((off) => off());
  cleanStores($addresses, $orders, $wallet);
  clearShopperData();
  calls.length = 0;
});

describe('a shopper data store', () => {
  test('is read once for every island on the page: a second subscriber sends no second request', async () => {
    island($addresses);
    island($addresses);
    (await next('/addresses')).answer(200, { data: [home] });
    await settle();
    island($addresses);
    await settle();
    expect($addresses.get()).toEqual({ status: 'ready', data: [home], error: null });
    expect(made('/addresses')).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  test('a second subscriber while the first read is on its way shares that read', async () => {
    island($addresses);
    expect($addresses.get().status).toBe('loading');
    island($addresses);
    expect(made('/addresses')).toHaveLength(1);
  });

  test('asked to load twice, it sends one request and both callers get its answer', async () => {
    const things = dataStore<string[]>('/things');
    const first = things.load();
    const second = things.load();
    expect(made('/things')).toHaveLength(1);
    (await next('/things')).answer(200, { data: ['a'] });
    await Promise.all([first, second]);
    await things.load();
    expect(things.current()).toEqual(['a']);
    expect(calls).toHaveLength(0);
  });

  test('signing out empties it, and an answer still on its way is dropped', async () => {
    island($orders);
    (await next('/orders')).answer(200, { data: [{ id: 5 }] });
    await settle();
    island($wallet);
    const walletRead = await next('/wallet');
    setSession(null);
    expect($orders.get()).toEqual({ status: 'idle', data: null, error: null });
    walletRead.answer(200, { data: { balance: 5_000, entries: [] } satisfies WalletView });
    await settle();
    expect($wallet.get()).toEqual({ status: 'idle', data: null, error: null });
  });

  test('another shopper signing in empties it and reads it again for them', async () => {
    island($addresses);
    (await next('/addresses')).answer(200, { data: [home] });
    await settle();
    setSession({ ...shopper, id: 2 });
    expect($addresses.get().data).toBeNull();
    (await next('/addresses')).answer(200, { data: [work] });
    await settle();
    expect($addresses.get().data).toEqual([work]);
  });

  test("a failed read shows the API's message; a retry reads again and works", async () => {
    island($addresses);
    (await next('/addresses')).answer(500, { message: 'Down for a moment', messages: ['Down for a moment'] });
    await settle();
    expect($addresses.get()).toEqual({ status: 'failed', data: null, error: 'Down for a moment' });
    // Another island arriving does not retry by itself: the retry is asked for.
    island($addresses);
    expect(made('/addresses')).toHaveLength(0);
    const retry = reloadAddresses();
    expect($addresses.get().status).toBe('loading');
    (await next('/addresses')).answer(200, { data: [home] });
    await retry;
    expect($addresses.get()).toEqual({ status: 'ready', data: [home], error: null });
  });

  test('no session: the store says guest (the island sends the shopper to login)', async () => {
    island($orders);
    (await next('/orders')).answer(401, { message: 'Log in' });
    await settle();
    expect($orders.get()).toEqual({ status: 'guest', data: null, error: null });
  });
});

describe('changes', () => {
  test('saving an address refreshes the one list every island reads', async () => {
    island($addresses);
    (await next('/addresses')).answer(200, { data: [home] });
    await settle();
    const saving = saveAddress(null, { title: 'Work' });
    const post = await next('/addresses', 'POST');
    expect(post.body).toEqual({ title: 'Work' });
    post.answer(201, { data: [home, work] });
    expect((await saving)?.ok).toBe(true);
    expect($addresses.get()).toEqual({ status: 'ready', data: [home, work], error: null });
    const removing = removeAddress(work.id);
    (await next(`/addresses/${work.id}`, 'DELETE')).answer(200, { data: [home] });
    await removing;
    expect($addresses.get().data).toEqual([home]);
    // The change's answer is the fresh list: no read after it.
    expect(made('/addresses')).toHaveLength(0);
  });

  test('a refused save leaves the list as it was and hands the refusal to the form', async () => {
    island($addresses);
    (await next('/addresses')).answer(200, { data: [home] });
    await settle();
    const saving = saveAddress(home.id, { title: '' });
    (await next(`/addresses/${home.id}`, 'PUT')).answer(422, { message: 'Check the fields', errors: { title: ['Required'] } });
    const res = await saving;
    expect(res).toMatchObject({ ok: false, status: 422, body: { errors: { title: ['Required'] } } });
    expect($addresses.get().data).toEqual([home]);
  });

  test('a list read before a change answers after it: the older list does not undo the change', async () => {
    island($addresses);
    const staleRead = await next('/addresses');
    const saving = saveAddress(null, { title: 'Work' });
    (await next('/addresses', 'POST')).answer(201, { data: [home, work] });
    await saving;
    staleRead.answer(200, { data: [home] });
    await settle();
    expect($addresses.get().data).toEqual([home, work]);
  });

  test('cancelling an order replaces it in the list and reads the wallet again where it shows', async () => {
    island($orders);
    island($wallet);
    (await next('/orders')).answer(200, {
      data: [
        { id: 5, status: 'PLACED' },
        { id: 6, status: 'PLACED' },
      ],
    });
    (await next('/wallet')).answer(200, { data: { balance: 0, entries: [] } });
    await settle();
    const cancelling = cancelOrder(5, 'wallet');
    const post = await next('/orders/5/cancel?refund_to=wallet', 'POST');
    post.answer(200, { data: { id: 5, status: 'CANCELED' } as Partial<OrderView> });
    await cancelling;
    expect($orders.get().data?.map((o) => o.status)).toEqual(['CANCELED', 'PLACED']);
    (await next('/wallet')).answer(200, { data: { balance: 12_000, entries: [] } });
    await settle();
    expect($wallet.get().data?.balance).toBe(12_000);
  });
});
