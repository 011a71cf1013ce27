/**
 * The cart of a logged-in shopper follows them across devices (spec section 4). Loaded only once the session is
 * a user's (see src/scripts/account-sync.ts), so guests never download it.
 *
 * - Session becomes 'user': the cart's loading flag is set, the wishlist and the server cart are fetched. A guest
 *   cart not yet merged into this account is merged (quantities added, capped at stock; other lines appended),
 *   sent back, and the state (and so the stored copy) is replaced by the server's reply.
 * - Every later change of this tab's cart sends the whole cart (removals after recomputation: the store
 *   recomputes before it publishes). Changes that arrive from another tab are that tab's to send.
 * - Session ends: the wishlist is cleared and the merge marker dropped (the accounts code resets the cart).
 *
 * Double merges: the stored marker `cart-owner` names the account the stored cart already belongs to. A tab that
 * logs in after another finds it and reconciles instead of merging again; a Web Lock keeps two tabs from merging
 * at the same moment.
 *
 * Never dropping a line (issue 19): `cart-synced` keeps, across pages, what the server had when this browser last
 * agreed with it. A change made while a save or the session restore is in flight, or just before the shopper
 * navigated away, differs from it; the server's copy is then reconciled with those changes (reconcileCarts), sent,
 * and never simply replaces the page's cart.
 */
import { cartSyncFailed } from '#i18n/messages/wishlist.ts';
import { firstMessage } from '#lib/api-client.ts';
import { cartPayload, mergeCarts, reconcileCarts, type CartBase } from '#lib/cart-merge.ts';
import type { CartLine, ServerCart } from '#lib/cart-math.ts';
import { showToast } from '#lib/toast-event.ts';
import { $cart, replaceCart, setCartLoading } from './cart.ts';
import { $session } from './session.ts';
import { pageLocale, shopperFetch } from '#lib/api-client.ts';
import { fetchWishlist, resetWishlist } from './wishlist.ts';

export const CART_OWNER_KEY = 'cart-owner';
export const CART_SYNCED_KEY = 'cart-synced';

let activeUser: number | null = null;
/** The shopper whose server cart this tab has loaded: changes are sent only after that (never over an unread cart). */
let loadedFor: number | null = null;
/** Signature of the cart the server has (last sent or received): a change to the same lines sends nothing. */
let synced = '';
const setSynced = (lines: readonly CartLine[]) => {
  synced = signature(lines);
  storage.set(CART_SYNCED_KEY, synced);
};
/** The last agreed quantities this browser stored (any page), or null when there are none. */
const storedBase = (): CartBase | null => {
  try {
    const raw = storage.get(CART_SYNCED_KEY);
    return raw ? (JSON.parse(raw) as CartBase) : null;
  } catch {
    return null;
  }
};
let sending: Promise<void> = Promise.resolve();
/**
 * Signature of lines the server just refused (say, above the stock): two changes queued before the answer (the
 * loading flag dropping, then the shopper's add) would otherwise send the same refused cart twice and show the
 * shopper the same error twice (a PostgreSQL run of tests/api/cart-sync.test.ts caught it).
 */
let refused = '';

const signature = (lines: readonly CartLine[]) => JSON.stringify(cartPayload(lines).products);

const storage = {
  get: (key: string) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string | null) => {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      // Storage blocked: the guard then only holds within this tab.
    }
  },
};

const exclusive = <T>(run: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks.request('cart-merge', run) : run();

function apply(cart: ServerCart) {
  setSynced(cart.items);
  replaceCart(cart.items);
}

/**
 * Adopts the server's reply to a cart computed from the page's lines `before`: when the shopper changed the cart
 * since, those changes are reconciled on top of the reply instead of being overwritten (and then sent by the
 * change listener).
 */
function adopt(reply: ServerCart, before: readonly CartLine[]) {
  const now = $cart.get().cartsProducts;
  setSynced(reply.items);
  replaceCart(
    signature(now) === signature(before) ? reply.items : reconcileCarts(cartPayload(before).products, now, reply.items),
  );
}

async function send(lines: readonly CartLine[]): Promise<ServerCart | null> {
  const res = await shopperFetch<{ data: ServerCart }>('/shopping-cart', { method: 'POST', body: cartPayload(lines) }).catch(
    () => null,
  );
  if (res?.ok) {
    refused = '';
    return res.body.data;
  }
  // An answer that refuses these lines (not a lost connection, which the next change retries).
  if (res && res.status !== 401) refused = signature(lines);
  // 401 means the session is ending: the accounts code takes over. Anything else reaches the shopper.
  if (res?.status !== 401) showToast(firstMessage(res?.body, cartSyncFailed[pageLocale()]), 'error');
  return null;
}

/** Fetches (and, for a cart not yet merged into this account, merges) the server cart. */
async function load(userId: number): Promise<void> {
  setCartLoading(true);
  void fetchWishlist();
  try {
    await exclusive(async () => {
      const res = await shopperFetch<{ data: ServerCart }>('/shopping-cart').catch(() => null);
      if (!res?.ok || activeUser !== userId) return;
      const server = res.body.data;
      const local = $cart.get().cartsProducts;
      const owned = storage.get(CART_OWNER_KEY) === String(userId);
      const base = owned ? storedBase() : null;
      // This account's cart with nothing unsent here: the server's copy is the cart.
      if (owned && (base === null || JSON.stringify(base) === signature(local))) {
        apply(server);
        loadedFor = userId;
        return;
      }
      // A guest cart is merged into the account once (quantities added); this account's cart with changes not
      // yet sent is reconciled with the server's copy (the changes made here win for the lines they touch).
      const merged = owned ? reconcileCarts(base!, local, server.items) : mergeCarts(local, server.items);
      // Before sending: the stored cart becomes the merged one, this account's, and what the server had is the base.
      // A navigation while the send is in flight then reconciles on the next page (the send arrived or not) instead
      // of merging the guest lines a second time (a checkout journey caught a doubled quantity).
      storage.set(CART_OWNER_KEY, String(userId));
      setSynced(server.items);
      replaceCart(merged);
      const reply = signature(merged) === signature(server.items) ? server : await send(merged);
      if (!reply || activeUser !== userId) return;
      loadedFor = userId;
      adopt(reply, merged);
    });
  } finally {
    setCartLoading(false);
  }
}

/**
 * True while another tab's storage event is being dispatched: a capturing listener on window runs before the
 * persistent store's own (non-capturing) one, which then replaces the cart synchronously.
 */
let fromOtherTab = false;

function onCartChange() {
  // A cart written by another tab was sent by that tab.
  if (activeUser === null || loadedFor !== activeUser || fromOtherTab) return;
  const userId = activeUser;
  sending = sending.then(async () => {
    // A macrotask later: a logout that resets the cart and ends the session in one go is never sent.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const lines = $cart.get().cartsProducts;
    // Still the same shopper, and lines differ from what the server has.
    const sent = signature(lines);
    if (activeUser !== userId || $session.get().status !== 'user' || sent === synced || sent === refused) return;
    const reply = await send(lines);
    if (reply) setSynced(reply.items);
  });
}

let started = false;

/** Starts following the session; safe to call more than once. */
export function startCartSync(): void {
  if (started) return;
  started = true;
  window.addEventListener(
    'storage',
    () => {
      fromOtherTab = true;
      queueMicrotask(() => (fromOtherTab = false));
    },
    { capture: true },
  );
  $cart.listen(onCartChange);
  // A change made while the connection was down failed to send: it goes once the browser is back online.
  window.addEventListener('online', onCartChange);
  $session.subscribe(({ status, user }) => {
    const userId = status === 'user' && user ? user.id : null;
    if (userId === activeUser) return;
    const wasUser = activeUser !== null;
    activeUser = userId;
    loadedFor = null;
    synced = '';
    refused = '';
    if (userId !== null) void load(userId);
    else if (wasUser) {
      resetWishlist();
      storage.set(CART_OWNER_KEY, null);
      storage.set(CART_SYNCED_KEY, null);
    }
  });
}
