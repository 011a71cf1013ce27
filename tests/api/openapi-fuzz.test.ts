import fc from 'fast-check';
import { afterAll, describe, test } from 'vitest';
import { searchIndex } from '../../src/server/search/registry.ts';
import { newTally, operationsOf, requestFor, RUNS, SEED, sender } from '../support/openapi-requests.ts';
import { makeAddress } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Requests generated from the public OpenAPI document (issue 42), valid and hostile, over every operation, with the
 * shopper's token where one is needed (and sometimes without), then a cart → summary → order → cancel sequence:
 * never a 5xx, every answer as the document says. FUZZ_RUNS sets the runs per operation (CI: 15; before a release:
 * `FUZZ_RUNS=500 npx vitest run tests/api/openapi-fuzz.test.ts`); FUZZ_SEED replays a failure's seed.
 */
const { api, db, answers, close } = await testApi();
afterAll(close);
const shopper = await makeShopper(db);
const address = await makeAddress(db, shopper.id);
// A ready instance, as a load balancer sends traffic to: before its search index is built /api/health answers 503
// ("starting", documented), which the no-5xx rule would count.
await searchIndex(db);

const document = answers.documents.public;
const operations = operationsOf(document);
const tally = newTally();
const send = sender(api, answers, tally);
const asShopper = { scheme: 'shopperBearer', headers: () => ({ authorization: `Bearer ${shopper.token}` }) } as const;

describe('generated requests over every public operation: no 5xx, every answer as documented', () => {
  // Sign-in and sign-up hash passwords on purpose (slow): the time allowed grows with the runs.
  test.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s',
    { timeout: 20_000 + RUNS * 300 },
    async (_name, o) => {
      await fc.assert(
        fc.asyncProperty(requestFor(document, o, asShopper), async (request) => {
          await send(request);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
  );
});

test('cart → summary → order → read → cancel → reorder, with generated lines and choices', async () => {
  const products = (await send({ url: '/api/products?per_page=60', init: { method: 'GET' } })).body.data as { id: number }[];
  const methods = ((await send({ url: '/api/payment-methods', init: { method: 'GET' } })).body.data as { code: string }[]).map(
    (m) => m.code,
  );
  const bearer = { authorization: `Bearer ${shopper.token}`, 'content-type': 'application/json' };
  const line = fc.record({
    product_id: fc.constantFrom(...products.map((p) => p.id), 999_999),
    quantity: fc.integer({ min: 1, max: 6 }),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(line, { minLength: 1, maxLength: 4, selector: (l) => l.product_id }),
      fc.constantFrom(...methods, 'bitcoin'),
      fc.option(fc.constantFrom('WELCOME10', 'NOPE', ' '), { nil: undefined }),
      fc.boolean(),
      fc.constantFrom('card', 'wallet'),
      async (lines, payment_method, coupon, use_wallet, refund_to) => {
        await send({
          url: '/api/shopping-cart',
          init: { method: 'POST', headers: bearer, body: JSON.stringify({ products: lines }) },
        });
        const summary = new URLSearchParams({ products: JSON.stringify(lines), payment_method, use_wallet: String(use_wallet) });
        if (coupon) summary.set('coupon', coupon);
        await send({ url: `/api/orders/summary?${summary}`, init: { method: 'GET', headers: bearer } });
        const choice = { products: lines, address_id: address.id, payment_method, use_wallet, ...(coupon ? { coupon } : {}) };
        const placed = await send({
          url: '/api/orders',
          init: { method: 'POST', headers: bearer, body: JSON.stringify(choice) },
        });
        if (placed.status !== 201) return;
        const id = placed.body.data.id as number;
        await send({ url: `/api/orders/${id}`, init: { method: 'GET', headers: bearer } });
        await send({ url: `/api/orders/${id}/cancel?refund_to=${refund_to}`, init: { method: 'POST', headers: bearer } });
        await send({ url: `/api/reorder/${id}`, init: { method: 'POST', headers: bearer } });
      },
    ),
    { numRuns: RUNS * 2, ...(SEED === undefined ? {} : { seed: SEED }) },
  );
});

afterAll(() => {
  // The CI figures (docs/api.md): operations, generated requests, answers checked against the document, 5xx.
  console.log(
    `[openapi fuzz] ${operations.length} operations, ${tally.requests} requests, ${tally.checked} answers checked, ${tally.serverErrors} × 5xx; statuses ${JSON.stringify(tally.statuses)}`,
  );
});
