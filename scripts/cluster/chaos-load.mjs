// The chaos run's load (issue 54): what shoppers, a payment provider and a staff member do through the proxy while
// instances die. Each actor loops until `client.running` turns false; every request is counted in `client.tally`.
// A request that got no answer (the instance died under it) is repeated only where the real client would repeat it:
// a checkout with its Idempotency-Key, a provider's notification until it is taken, a staff member's move with the
// status they saw (conditional on the server, so a repeat of one that went through is refused, not applied twice).
import { randomUUID } from 'node:crypto';
import { WEBHOOK_SECRET_HEADER } from '../../src/server/couriers/courier-company.ts';
import { CLOSED_STATES } from '../../src/server/couriers/sandbox-parcel-states.ts';
import { paymobHmac, paymobSignedText } from '../../src/server/payments/paymob-hmac.ts';

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Counts every answer (and every request that got none) in `tally`; GETs the proxy could retry apart from POSTs. */
export function chaosClient(base) {
  // errors5xx: each 5xx by method, path (numbers as :n) and status, to say where they came from.
  const tally = { requests: 0, statuses: {}, retryable5xx: 0, post5xx: 0, connectionErrors: 0, errors5xx: {} };
  const client = {
    base,
    tally,
    running: true,
    /**
     * fetch through the proxy (or to `url` when absolute), read whole: its status, headers and text; null when no
     * answer came, or it broke off (the instance died while it was on its way).
     */
    async call(url, init = {}) {
      const res = await fetch(url.startsWith('http') ? url : base + url, {
        redirect: 'manual',
        ...init,
        signal: AbortSignal.timeout(30_000),
      })
        .then(async (answer) => ({ status: answer.status, headers: answer.headers, text: await answer.text() }))
        .catch(() => null);
      tally.requests += 1;
      if (!res) {
        tally.connectionErrors += 1;
        return null;
      }
      tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
      if (res.status >= 500) {
        const where = `${init.method ?? 'GET'} ${new URL(url, base).pathname.replace(/\d+/g, ':n')} ${res.status}`;
        tally.errors5xx[where] = (tally.errors5xx[where] ?? 0) + 1;
        if ((init.method ?? 'GET') === 'GET') tally.retryable5xx += 1;
        else tally.post5xx += 1;
      }
      return res;
    },
    /** A JSON POST: the answer's status and body (null when no answer came). */
    async post(path, body, headers = {}) {
      const res = await client.call(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      if (!res) return null;
      let parsed = {};
      try {
        parsed = JSON.parse(res.text);
      } catch {
        // Not JSON (a proxy's error page): the status says enough.
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
  return client;
}

/** Pages, category listings, product pages, suggestions and categories, as browsers and crawlers ask for them. */
export async function browse(client, products) {
  while (client.running) {
    const paths = [
      '/en/',
      `/ar/products?category=1&page=${1 + Math.floor(Math.random() * 3)}`,
      `/en/single-product/${pick(products).id}`,
      `/api/autocomplete?q=${pick(['cof', 'قهو', 'gri', 'eth'])}`,
      `/api/products?query=${encodeURIComponent(pick(['coffee', 'بن', 'espresso', 'قهوه']))}`,
      '/api/categories',
    ];
    await client.call(pick(paths));
  }
}

/**
 * One checkout as the shopper's app places it: repeated with the same Idempotency-Key while it gets no answer or a
 * 5xx (the API's contract). Returns the order id of a 201/200, else null.
 */
async function placeOrder(client, headers, body) {
  const key = randomUUID();
  for (let attempt = 0; attempt < 5 && client.running; attempt += 1) {
    const answer = await client.post('/api/orders', body, { ...headers, 'idempotency-key': key });
    if (answer?.status === 201 || answer?.status === 200) return answer.body.data.id;
    if (answer && answer.status < 500) return null;
  }
  return null;
}

/** A shopper placing cash-on-delivery orders of one unit each; every order answered is kept in `placed`. */
export async function shopCash(client, shopper, products, placed) {
  while (client.running) {
    const id = await placeOrder(client, shopper.headers, {
      products: [{ product_id: pick(products).id, quantity: 1 }],
      address_id: shopper.addressId,
      payment_method: 'cash_on_delivery',
      message_consent: true,
    });
    if (id !== null) placed.push({ id, method: 'cash_on_delivery' });
  }
}

/**
 * A shopper who signs in (POST /api/auth/login with their email and password, as the app does), orders with `card`
 * (carried by Paymob) and pays on the provider's page: the provider sends its signed notification to the shop through
 * the proxy and the browser comes back with the signed response. Then the provider's retries: Paymob sends a
 * notification again until the shop answers 2xx, and sometimes again after that (`paid` records each approved order).
 */
export async function shopByCard(client, shopper, products, { provider, keys, db, placed, paid, signIns }) {
  while (client.running) {
    const login = await client.post('/api/auth/login', { login: shopper.email, password: shopper.password });
    if (login?.status !== 200) continue;
    signIns.push(shopper.id);
    const headers = { authorization: `Bearer ${login.body.data.access_token}` };
    const orderId = await placeOrder(client, headers, {
      products: [{ product_id: pick(products).id, quantity: 1 }],
      address_id: shopper.addressId,
      payment_method: 'card',
      message_consent: true,
    });
    if (orderId === null) continue;
    placed.push({ id: orderId, method: 'card' });
    let started;
    for (let attempt = 0; attempt < 3 && !started && client.running; attempt += 1) {
      const answer = await client.post('/api/payments/paymob', { order_id: orderId }, headers);
      if (answer?.status === 201) started = answer.body.data.redirect_url;
    }
    if (!started) continue;
    // The provider's pages: the unified checkout sends the browser to its payment page, where the shopper approves.
    const checkout = await client.call(started);
    const page = checkout?.headers.get('location');
    if (!page) continue;
    const approved = await client.call(new URL(page, provider).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'choice=approve',
    });
    const back = approved?.headers.get('location');
    if (!back) continue;
    paid.push(orderId);
    await client.call(back);
    await notifyUntilTaken(client, { provider, keys, db, orderId });
  }
}

/**
 * Paymob's retries of its processed callback for the order's approved payment: signed as it signs (the `hmac` of the
 * documented fields), posted through the proxy until answered 2xx, and half the time once more (a retry whose
 * first answer was lost on the way back). The transaction is the provider's own, from its inquiry API.
 */
async function notifyUntilTaken(client, { provider, keys, db, orderId }) {
  const payments = await db.selectFrom('payments').select('tran_ref').where('order_id', '=', orderId).execute();
  for (const { tran_ref: tranRef } of payments) {
    const inquiry = await fetch(`${provider}/paymob/api/ecommerce/orders/transaction_inquiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${keys.paymobSecretKey}` },
      body: JSON.stringify({ order_id: Number(tranRef) }),
    });
    if (!inquiry.ok) continue;
    const obj = await inquiry.json();
    if (!obj.success) continue;
    const url = `/api/payments/paymob/callback?hmac=${paymobHmac(keys.paymobHmacSecret, paymobSignedText(obj))}`;
    const body = JSON.stringify({ type: 'TRANSACTION', obj });
    const send = () => client.call(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const res = await send();
      if (res && res.status >= 200 && res.status < 300) break;
      await new Promise((done) => setTimeout(done, 300));
    }
    if (Math.random() < 0.5) await send();
  }
}

/**
 * A staff member (signed in with their password and second factor before the run) moving orders on the desk's API:
 * confirm, prepare, ready to ship, hand to the courier, delivered (the sellers' ledger records the sale), or cancel
 * with a reason. Each move names the status the member saw; an answer lost to a dying instance is tried once more (a
 * 409 then says the first went through). `moves` records each 200. Half the orders ready to ship are handed to the
 * courier company instead (`POST /api/admin/courier-deliveries`, idempotent per order): from then on the company's
 * notices move them, and `handed` records each delivery the shop stored (its tracking number in the answer).
 */
export async function deskMoves(client, staff, courierId, { placed, paid, moves, handed }) {
  const seen = new Map();
  const next = {
    PLACED: ['ACCEPT'],
    ACCEPT: ['PREPARE', 'PREPARE', 'CANCELED'],
    PREPARE: ['READY_TO_SHIP'],
    READY_TO_SHIP: ['WITH_COURIER'],
    WITH_COURIER: ['DELIVERED'],
  };
  while (client.running) {
    // Mostly an order already on its way (so some reach delivery), else a new one: cash orders wait for the desk at
    // PLACED; card orders reach it once paid (their PENDING is the provider's).
    const going = [...seen].filter(([, status]) => next[status]).map(([id]) => ({ id }));
    const candidates =
      going.length && Math.random() < 0.7
        ? going
        : placed.filter((o) => !seen.has(o.id) && (o.method === 'cash_on_delivery' || paid.includes(o.id)));
    const order = candidates.length ? pick(candidates) : null;
    if (!order) {
      await new Promise((done) => setTimeout(done, 200));
      continue;
    }
    const from = seen.get(order.id) ?? 'PLACED';
    const options = next[from];
    if (!options) continue;
    if (from === 'READY_TO_SHIP' && Math.random() < 0.5) {
      seen.set(order.id, await handOver(client, staff, order.id, handed));
      continue;
    }
    const to = pick(options);
    const body = {
      from,
      to,
      ...(to === 'CANCELED' ? { reason: 'chaos: the shopper called to cancel' } : {}),
      ...(to === 'WITH_COURIER' ? { courier_id: courierId, tracking_number: `CHAOS-${order.id}` } : {}),
    };
    const move = () => client.post(`/api/admin/orders/${order.id}/move?lang=en-US`, body, staff.headers);
    let answer = await move();
    if (!answer || answer.status >= 500) answer = await move();
    if (answer?.status === 200) {
      moves.push({ orderId: order.id, from, to });
      seen.set(order.id, to);
    } else if (answer?.status === 409 && typeof answer.body?.detail?.status === 'string') {
      seen.set(order.id, answer.body.detail.status);
    } else {
      // Not ours to move any more (paid by card not yet, refused): leave it.
      seen.set(order.id, 'DONE');
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * Hands one order to the courier company (Bosta's API, scripts/cluster/courier-company.mjs); a lost answer is asked
 * again (the same order finds its first delivery: `existing`). What the desk then knows of the order: at the company,
 * or done with (refused, or the company's answer still pending).
 */
async function handOver(client, staff, orderId, handed) {
  const ask = () =>
    client.post('/api/admin/courier-deliveries?lang=en-US', { company: 'bosta', order_ids: [orderId] }, staff.headers);
  let answer = await ask();
  if (!answer || answer.status >= 500) answer = await ask();
  const result = answer?.status === 200 ? answer.body.data?.[0] : undefined;
  if (!result?.trackingNumber || !['created', 'existing'].includes(result.outcome)) return 'DONE';
  handed.push({ orderId, trackingNumber: result.trackingNumber });
  return 'AT_COMPANY';
}

/** The courier's next move of a parcel in Bosta's state `code`, `attempts` failed so far. */
function courierAction(code, attempts) {
  if (code === 41) return pick(['deliver', 'deliver', 'deliver', 'fail', 'fail', 'return']);
  if (code === 47) return attempts < 2 ? 'advance' : 'return';
  return 'advance';
}

/**
 * The courier company's vans (scripts/cluster/courier-company.mjs): parcels the shop handed over are picked up, taken
 * out for delivery, delivered, fail an attempt (tried again, returned after two) or come back; each state's notice
 * is posted by the company to the shop through the proxy until taken (and sometimes again). Now and then someone
 * who is not the company posts a notice (`tampered`): a wrong secret (401), a body without a state (422), or the
 * right secret with a state the company's API contradicts (`contradicted`); each must be refused.
 */
export async function courierRounds(client, courier, handed, tampered) {
  const kinds = ['secret', 'unreadable', 'contradicted'];
  let round = 0;
  while (client.running) {
    const open = handed.filter(
      ({ trackingNumber }) => !CLOSED_STATES.includes(courier.parcels.get(trackingNumber)?.delivery.stateCode),
    );
    if (!open.length) {
      await new Promise((done) => setTimeout(done, 200));
      continue;
    }
    const { trackingNumber } = pick(open);
    round += 1;
    if (round % 5 === 0) {
      tampered.push(await tamper(client, courier, trackingNumber, kinds[(round / 5) % kinds.length]));
      continue;
    }
    const { stateCode, attempts } = courier.parcels.get(trackingNumber).delivery;
    await courier.drive(trackingNumber, courierAction(stateCode, attempts));
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** One forged notice about a parcel, posted until answered; whether the shop refused it. */
async function tamper(client, courier, trackingNumber, kind) {
  const { delivery, webhookUrl } = courier.parcels.get(trackingNumber);
  // A state the parcel is not in: "delivered" for one on its way, else "returned".
  const state = delivery.stateCode === 45 ? 46 : 45;
  const body =
    kind === 'unreadable' ? { trackingNumber } : { trackingNumber, state, businessReference: delivery.businessReference };
  const secret = kind === 'secret' ? 'a-guessed-secret' : courier.secret;
  let answer = null;
  for (let attempt = 0; attempt < 10 && !answer; attempt += 1) {
    answer = await client.post(new URL(webhookUrl).pathname, body, { [WEBHOOK_SECRET_HEADER]: secret });
    if (answer && answer.status >= 500) answer = null;
  }
  const refused =
    (kind === 'secret' && answer?.status === 401) ||
    (kind === 'unreadable' && answer?.status === 422) ||
    (kind === 'contradicted' && answer?.status === 200 && answer.body.data?.outcome === 'contradicted');
  return { kind, trackingNumber, status: answer?.status ?? 0, refused };
}
