import { afterAll, describe, expect, test } from 'vitest';
import { handOverToCompany } from '../../src/desk/couriers/server/hand-over.ts';
import { courierCompany } from '../../src/server/couriers/companies.ts';
import type { CourierCompany } from '../../src/server/couriers/courier-company.ts';
import { readyOrder, trackingOf } from '../support/courier-deliveries.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The hand-over at its edges: the shop or the company failing half-way (issue 38, decision 023 point 4): a crash between "the
 * company created the delivery" and "we stored it" must not create a second delivery on the retry, and a company
 * whose API fails gives the desk a clear 502, not a 500.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const operator = await makeStaff(db, api, 'operations');
const actor = { id: operator.id, email: 'ops@example.com', name: 'Ops', role: 'operations' as const, clientAddress: '127.0.0.1' };
const handOver = (orderIds: number[], lang = 'en-US') =>
  json(
    `/api/admin/courier-deliveries?lang=${lang}`,
    jsonInit('POST', { company: 'sandbox', order_ids: orderIds }, operator.cookie),
  );

/** The sandbox company, counting the deliveries it is asked to create; `dieAfterCreate` throws once it has. */
function countingSandbox(dieAfterCreate: boolean) {
  const real = courierCompany(db, 'sandbox');
  const calls = { created: 0 };
  const company: CourierCompany = {
    ...real,
    async createDelivery(request) {
      const delivery = await real.createDelivery(request);
      calls.created += 1;
      if (dieAfterCreate) throw new Error('the shop stopped before storing the delivery');
      return delivery;
    },
  };
  return { company, calls };
}

describe('a hand-over stopped half-way', () => {
  test('the shop throws after the company created the delivery: the retry finds that delivery, never a second', async () => {
    const order = await readyOrder(db, json);
    const dying = countingSandbox(true);
    await expect(handOverToCompany(db, dying.company, [order.id], actor)).rejects.toThrow('stopped before storing');
    expect(dying.calls.created).toBe(1);
    // The claim stays (the company may have the delivery), marked so the next hand-over asks the company first.
    const claim = await db.selectFrom('courier_deliveries').selectAll().where('order_id', '=', order.id).execute();
    expect(claim).toHaveLength(1);
    expect(claim[0]!.tracking_number).toBeNull();

    const healthy = countingSandbox(false);
    const [outcome] = await handOverToCompany(db, healthy.company, [order.id], actor);
    expect(healthy.calls.created).toBe(0);
    expect(outcome).toMatchObject({ orderId: order.id, outcome: 'created' });
    const found = await courierCompany(db, 'sandbox').findDelivery(order.id);
    expect(outcome).toMatchObject({ trackingNumber: found!.trackingNumber });
    expect(await trackingOf(db, order.id)).toBe(found!.trackingNumber);
    // A third click only reads it back.
    expect((await handOver([order.id])).body.data[0]).toMatchObject({
      outcome: 'existing',
      trackingNumber: found!.trackingNumber,
    });
  });

  test('a process killed after asking (its claim left a minute ago): the next click stores the company’s delivery', async () => {
    const order = await readyOrder(db, json);
    const fresh = await handOver([order.id]);
    const tracking = fresh.body.data[0].trackingNumber as string;
    // As if the process died before writing the answer: the claim without its tracking number, a minute old.
    await db
      .updateTable('courier_deliveries')
      .set({ tracking_number: null, provider_id: null, updated_at: new Date(Date.now() - 61_000).toISOString() })
      .where('order_id', '=', order.id)
      .execute();
    // Two clicks at once: one takes the claim over and asks the company, the other waits for it.
    const [a, b] = await Promise.all([handOver([order.id]), handOver([order.id])]);
    const outcomes = [a.body.data[0].outcome, b.body.data[0].outcome].sort();
    expect(outcomes[0]).toBe('created');
    expect(['existing', 'pending']).toContain(outcomes[1]);
    expect(await trackingOf(db, order.id)).toBe(tracking);
    expect(await db.selectFrom('courier_deliveries').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
  });

  test('a claim younger than a minute is another window still asking: pending, the company is not asked', async () => {
    const order = await readyOrder(db, json);
    const now = new Date().toISOString();
    await db
      .insertInto('courier_deliveries')
      .values({
        order_id: order.id,
        courier_id: (await db.selectFrom('couriers').select('id').where('company', '=', 'sandbox').executeTakeFirstOrThrow()).id,
        company: 'sandbox',
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await handOver([order.id])).body.data[0]).toEqual({ orderId: order.id, outcome: 'pending' });
  });
});

describe('the company’s API failing', () => {
  test('airway bills the company cannot give: 502 with a clear message in the reader’s language, not 500', async () => {
    const order = await readyOrder(db, json);
    await handOver([order.id]);
    // The company no longer knows the tracking number (its API answers 404 to it).
    await db.updateTable('courier_deliveries').set({ tracking_number: 'SB00000001' }).where('order_id', '=', order.id).execute();
    const res = await json(`/api/admin/courier-deliveries/airway-bills?orders=${order.id}&lang=ar-SA`, {
      headers: { cookie: operator.cookie },
    });
    expect(res.status).toBe(502);
    expect(res.body.message).toContain('لم تردّ شركة الشحن');
    expect(res.body.message).toContain('sandbox 404');
  });
});

describe('addresses the company takes', () => {
  test('an area the company has no district for: the order names the district as missing, the company is not asked', async () => {
    const order = await readyOrder(db, json);
    const counted = countingSandbox(false);
    const noDistricts: CourierCompany = { ...counted.company, placeAddress: async () => null };
    expect(await handOverToCompany(db, noDistricts, [order.id], actor)).toEqual([
      { orderId: order.id, outcome: 'missing', missing: ['district'] },
    ]);
    expect(counted.calls.created).toBe(0);
    expect(await db.selectFrom('courier_deliveries').select('id').where('order_id', '=', order.id).execute()).toHaveLength(0);
  });
});
