import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { settleDifference } from '../../src/desk/couriers/server/remittances.ts';
import { courierOrder, makeCourier } from '../support/cash.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

const { api, db, json, close } = await testApi();
afterAll(close);

const operator = await makeStaff(db, api, 'operations');
const finance = await makeStaff(db, api, 'finance');
const colleague = await makeStaff(db, api, 'finance');

const get = (path: string, cookie = finance.cookie) => json(`/api/admin${path}`, { headers: { cookie } });
const post = (path: string, body: unknown, cookie = finance.cookie) => json(`/api/admin${path}`, jsonInit('POST', body, cookie));
const patch = (path: string, body: unknown, cookie = operator.cookie) =>
  json(`/api/admin${path}`, jsonInit('PATCH', body, cookie));
interface RemitBody {
  courier_id: number;
  order_ids: number[];
  amount: number;
  settle_difference?: 'balance' | 'write_off';
  write_off_reason?: string;
}
const remit = (body: RemitBody, cookie = finance.cookie, lang = 'en-US') => post(`/remittances?lang=${lang}`, body, cookie);
const auditOf = (action: string) =>
  db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

/**
 * A delivered order of a courier with `cash` piastres collected `days` days ago (0: a prepaid order), placed through
 * the API and moved along the orders desk by the shared test-data helpers (tests/support/order-states.ts).
 */
const delivered = (courierId: number, cash: number, days = 0) => courierOrder(db, json, courierId, cash, { days });
/** An order the courier has now, with `cash` to collect. */
const carriedBy = (courierId: number, cash: number) => courierOrder(db, json, courierId, cash, { status: 'WITH_COURIER' });

describe('couriers', () => {
  test('operations adds a courier (the mobile number normalised), edits and deactivates it; each write audited', async () => {
    const created = await post('/couriers', { name: 'Hassan Ali', phone: '010 1234 5678' }, operator.cookie);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Hassan Ali', phone: '+201012345678', active: true });
    const id = created.body.data.id as number;

    const renamed = await patch(`/couriers/${id}`, { name: 'Hassan M. Ali', phone: '+20 11 2345 6789' });
    expect(renamed.body.data).toMatchObject({ name: 'Hassan M. Ali', phone: '+201123456789' });
    const off = await patch(`/couriers/${id}`, { active: false });
    expect(off.body.data.active).toBe(false);

    const [update] = await auditOf('courier.update');
    expect(JSON.parse(update!.before_json!)).toMatchObject({ active: true });
    expect(JSON.parse(update!.after_json!)).toMatchObject({ active: false });
    expect((await auditOf('courier.create')).map((a) => a.subject_id)).toContain(String(id));

    const list = await get('/couriers');
    expect(list.status).toBe(200);
    expect(list.body.data.find((c: { id: number }) => c.id === id)).toMatchObject({ active: false, cash: { owed: 0 } });
  });

  test('a phone that is not an Egyptian mobile is refused on its field, in the reader language', async () => {
    const res = await post('/couriers?lang=ar-SA', { name: 'Mona', phone: '02 2345 6789' }, operator.cookie);
    expect(res.status).toBe(422);
    expect(res.body.errors.phone[0]).toBe('أدخل رقم موبايل مصريًا، مثل \u2068010 1234 5678\u2069.');
  });

  test('finance sees couriers but may not manage them; an unknown courier is a 404', async () => {
    expect((await post('/couriers', { name: 'Someone', phone: '01012345678' }, finance.cookie)).status).toBe(403);
    const missing = await patch('/couriers/999999', { name: 'Nobody' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Courier not found.');
    expect((await get('/couriers/abc/cash')).body.message).toBe('Courier not found.');
  });
});

describe('cash outstanding', () => {
  afterEach(() => {
    delete process.env['REMITTANCE_DUE_DAYS'];
  });

  test('delivered and unremitted cash is owed, what is with the courier is carried; prepaid, remitted and other couriers’ orders are not counted', async () => {
    const courier = await makeCourier(db, 'Omar');
    const other = await makeCourier(db, 'Other');
    const recent = await delivered(courier, 20000, 1);
    const old = await delivered(courier, 30000, 5);
    await delivered(courier, 0, 5); // prepaid: nothing to collect
    await delivered(other, 99900, 1);
    const remitted = await delivered(courier, 12300, 3);
    expect((await remit({ courier_id: courier, order_ids: [remitted], amount: 12300 })).status).toBe(201);
    await carriedBy(courier, 15000);

    const list = await get('/couriers', operator.cookie);
    expect(list.body.data.find((c: { id: number }) => c.id === courier).cash).toEqual({
      owed: 50000,
      shortfall: 0,
      owedOrders: 2,
      overdueOrders: 1,
      overdueAmount: 30000,
      carrying: 15000,
      carryingOrders: 1,
    });

    const cash = await get(`/couriers/${courier}/cash`, operator.cookie);
    expect(cash.status).toBe(200);
    expect(cash.body.data.courier).toMatchObject({ id: courier, name: 'Omar' });
    expect(
      cash.body.data.orders.map((o: { id: number; amount: number; overdue: boolean }) => [o.id, o.amount, o.overdue]),
    ).toEqual([
      [old, 30000, true],
      [recent, 20000, false],
    ]);
    expect(typeof cash.body.data.orders[0].deliveredAt).toBe('string');
  });

  test('the overdue rule follows REMITTANCE_DUE_DAYS', async () => {
    const courier = await makeCourier(db);
    const order = await delivered(courier, 10000, 4);
    expect((await get(`/couriers/${courier}/cash`)).body.data.orders[0]).toMatchObject({ id: order, overdue: true });
    process.env['REMITTANCE_DUE_DAYS'] = '7';
    expect((await get(`/couriers/${courier}/cash`)).body.data.orders[0]).toMatchObject({ id: order, overdue: false });
    expect((await get('/couriers')).body.data.find((c: { id: number }) => c.id === courier).cash.overdueOrders).toBe(0);
  });
});

describe('remittances', () => {
  test('finance records a remittance covering two orders: owed drops to zero, the orders are linked, the audit has before and after', async () => {
    const courier = await makeCourier(db, 'Karim');
    const a = await delivered(courier, 25000, 1);
    const b = await delivered(courier, 17550, 3);
    const res = await remit({ courier_id: courier, order_ids: [a, b], amount: 42550 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ courierId: courier, courierName: 'Karim', amount: 42550 });
    expect(res.body.data.orders.map((o: { id: number }) => o.id).sort()).toEqual([a, b].sort());
    expect(res.body.data.staff.id).toBe(finance.id);

    const cash = await get(`/couriers/${courier}/cash`);
    expect(cash.body.data.orders).toEqual([]);
    expect(cash.body.data.cash.owed).toBe(0);
    const history = await get(`/remittances?courier=${courier}`, operator.cookie);
    expect(history.body.data.map((r: { id: number }) => r.id)).toEqual([res.body.data.id]);

    const [audit] = await auditOf('remittance.record');
    expect(audit).toMatchObject({ staff_id: finance.id, subject_type: 'courier', subject_id: String(courier) });
    expect(JSON.parse(audit!.before_json!)).toMatchObject({ owed: 42550 });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({ remittance_id: res.body.data.id, amount: 42550, owed: 0 });
  });

  test('an amount that differs from the orders’ cash is refused naming the difference, and nothing is recorded', async () => {
    const courier = await makeCourier(db);
    const a = await delivered(courier, 50000, 1);
    const res = await remit({ courier_id: courier, order_ids: [a], amount: 49000 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'The amount counted (EGP 490.00) does not match the cash of the chosen orders (EGP 500.00): a difference of EGP 10.00. Count again or change the orders.',
    );
    expect(res.body.errors.amount).toHaveLength(1);
    expect(res.body.detail).toEqual({ expected: 50000, counted: 49000, difference: -1000 });
    const ar = await remit({ courier_id: courier, order_ids: [a], amount: 49000 }, finance.cookie, 'ar-SA');
    expect(ar.body.message).toContain('10.00 ج.م');
    expect(await db.selectFrom('remittances').select('id').where('courier_id', '=', courier).execute()).toEqual([]);
  });

  test('all or nothing: one order that is not this courier’s delivered order refuses the whole remittance', async () => {
    const courier = await makeCourier(db);
    const other = await makeCourier(db);
    const mine = await delivered(courier, 10000, 1);
    const theirs = await delivered(other, 10000, 1);
    const carried = await carriedBy(courier, 10000);
    for (const stranger of [theirs, carried]) {
      const res = await remit({ courier_id: courier, order_ids: [mine, stranger], amount: 20000 });
      expect(res.status).toBe(422);
      expect(res.body.message).toContain(`#${stranger}`);
      expect(res.body.detail.orders).toEqual([stranger]);
    }
    expect(await db.selectFrom('remittance_orders').select('order_id').where('order_id', '=', mine).execute()).toEqual([]);
    expect((await remit({ courier_id: courier, order_ids: [], amount: 0 })).body.message).toBe(
      'Choose at least one delivered order.',
    );
    expect((await remit({ courier_id: 999999, order_ids: [mine], amount: 10000 })).status).toBe(404);
  });

  test('an order already remitted is refused with 409', async () => {
    const courier = await makeCourier(db);
    const a = await delivered(courier, 10000, 1);
    expect((await remit({ courier_id: courier, order_ids: [a], amount: 10000 })).status).toBe(201);
    const again = await remit({ courier_id: courier, order_ids: [a], amount: 10000 });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`#${a}`);
  });

  test('two finance members remitting the same order at once: one 201, one 409, the other order of the loser untouched', async () => {
    const courier = await makeCourier(db);
    const [a, shared, c] = [
      await delivered(courier, 10000, 1),
      await delivered(courier, 20000, 1),
      await delivered(courier, 30000, 1),
    ];
    const results = await Promise.all([
      remit({ courier_id: courier, order_ids: [a, shared], amount: 30000 }, finance.cookie),
      remit({ courier_id: courier, order_ids: [shared, c], amount: 50000 }, colleague.cookie),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.message).toContain(`#${shared}`);
    const lines = await db.selectFrom('remittance_orders').select('order_id').where('order_id', 'in', [a, shared, c]).execute();
    expect(lines).toHaveLength(2);
    expect(await db.selectFrom('remittances').select('id').where('courier_id', '=', courier).execute()).toHaveLength(1);
    expect((await auditOf('remittance.record')).filter((r) => r.subject_id === String(courier))).toHaveLength(1);
  });

  test('operations may see the cash but not record a remittance', async () => {
    const courier = await makeCourier(db);
    const a = await delivered(courier, 10000, 1);
    expect((await get(`/couriers/${courier}/cash`, operator.cookie)).status).toBe(200);
    expect((await remit({ courier_id: courier, order_ids: [a], amount: 10000 }, operator.cookie)).status).toBe(403);
  });
});

describe('short remittances (issue 33)', () => {
  const cashOf = async (courier: number) => (await get(`/couriers/${courier}/cash`)).body.data.cash;

  test('a remittance 5 EGP short, kept on the balance, leaves the courier owing 5 EGP until a later remittance pays it back', async () => {
    const courier = await makeCourier(db, 'Short');
    const a = await delivered(courier, 25000, 1);
    const res = await remit({ courier_id: courier, order_ids: [a], amount: 24500, settle_difference: 'balance' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      amount: 24500,
      ordersTotal: 25000,
      shortfall: 500,
      writtenOff: 0,
      writeOffReason: null,
    });
    expect(await cashOf(courier)).toMatchObject({ owed: 500, shortfall: 500, owedOrders: 0 });
    const listed = await get('/couriers');
    expect(listed.body.data.find((c: { id: number }) => c.id === courier).cash.owed).toBe(500);
    const [audit] = await auditOf('remittance.record');
    expect(JSON.parse(audit!.before_json!)).toMatchObject({ owed: 25000, shortfall: 0 });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({ amount: 24500, orders_total: 25000, shortfall: 500, owed: 500 });

    // More than the orders and the 5 EGP owed: refused, nothing recorded (the shop keeps no courier credit).
    const b = await delivered(courier, 10000, 1);
    const over = await remit({ courier_id: courier, order_ids: [b], amount: 11000, settle_difference: 'balance' });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('adminCash.overRemittance');
    expect(over.body.detail).toEqual({ expected: 10000, counted: 11000, difference: 1000, shortfall: 500 });
    expect(over.body.message).toBe(
      'The amount counted (EGP 110.00) is more than the chosen orders (EGP 100.00) and what the courier still owes from earlier remittances (EGP 5.00). Hand back EGP 5.00 or choose more orders.',
    );
    // The orders' cash and the 5 EGP together settle everything; a remittance with no order may pay back a balance.
    expect((await remit({ courier_id: courier, order_ids: [b], amount: 10250, settle_difference: 'balance' })).status).toBe(201);
    expect(await cashOf(courier)).toMatchObject({ owed: 250, shortfall: 250 });
    const back = await remit({ courier_id: courier, order_ids: [], amount: 250, settle_difference: 'balance' });
    expect(back.status).toBe(201);
    expect(back.body.data).toMatchObject({ amount: 250, ordersTotal: 0, shortfall: -250, orders: [] });
    expect(await cashOf(courier)).toMatchObject({ owed: 0, shortfall: 0 });
    expect((await remit({ courier_id: courier, order_ids: [], amount: 100, settle_difference: 'balance' })).status).toBe(422);
  });

  test('two members paying back the same 5 EGP at once: one is recorded, the other refused; nothing is ever credited', async () => {
    const courier = await makeCourier(db, 'Race');
    const a = await delivered(courier, 20000, 1);
    expect((await remit({ courier_id: courier, order_ids: [a], amount: 19500, settle_difference: 'balance' })).status).toBe(201);
    const back = { courier_id: courier, order_ids: [], amount: 500, settle_difference: 'balance' as const };
    const results = await Promise.all([remit(back, finance.cookie), remit(back, colleague.cookie)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await cashOf(courier)).toMatchObject({ owed: 0, shortfall: 0 });
  });

  test('a shortfall written off needs a reason and finance, is audited, and leaves nothing owed', async () => {
    const courier = await makeCourier(db, 'Write-off');
    const a = await delivered(courier, 30000, 1);
    const body = { courier_id: courier, order_ids: [a], amount: 29500, settle_difference: 'write_off' as const };
    const noReason = await remit(body);
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.write_off_reason).toEqual(['Say why the difference is written off.']);
    expect((await remit({ ...body, write_off_reason: 'torn note' }, operator.cookie)).status).toBe(403);
    expect(await db.selectFrom('remittances').select('id').where('courier_id', '=', courier).execute()).toEqual([]);

    const res = await remit({ ...body, write_off_reason: 'A torn 5 EGP note' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ amount: 29500, ordersTotal: 30000, writtenOff: 500, shortfall: 0 });
    expect(res.body.data.writeOffReason).toBe('A torn 5 EGP note');
    expect(await cashOf(courier)).toMatchObject({ owed: 0, shortfall: 0 });
    const [writeOff] = (await auditOf('remittance.write_off')).filter((r) => r.subject_id === String(courier));
    expect(writeOff).toMatchObject({ staff_id: finance.id, reason: 'A torn 5 EGP note' });
    expect(JSON.parse(writeOff!.after_json!)).toMatchObject({ remittance_id: res.body.data.id, written_off: 500, owed: 0 });

    // Only a shortfall can be written off.
    const b = await delivered(courier, 10000, 1);
    const over = await remit({
      courier_id: courier,
      order_ids: [b],
      amount: 10500,
      settle_difference: 'write_off',
      write_off_reason: 'x',
    });
    expect(over.status).toBe(422);
  });

  test('without settle_difference the old rule holds: the amount must match to the piastre', async () => {
    const courier = await makeCourier(db);
    const a = await delivered(courier, 10000, 1);
    expect((await remit({ courier_id: courier, order_ids: [a], amount: 9500 })).body.code).toBe('adminCash.amountMismatch');
    expect((await remit({ courier_id: courier, order_ids: [], amount: 500 })).body.code).toBe('adminCash.remittanceEmpty');
  });
});

test('the settlement rule: a member without cash.write_off cannot write off, whatever route reaches it', () => {
  const short = { amount: 9500, settleDifference: 'write_off' as const, writeOffReason: 'torn' };
  let refused: unknown;
  try {
    settleDifference(short, 10000, 0, false);
  } catch (error) {
    refused = error;
  }
  expect(refused).toMatchObject({ status: 403, code: 'adminCash.writeOffForbidden' });
  expect(settleDifference(short, 10000, 0, true)).toEqual({ writtenOff: 500, writeOffReason: 'torn' });
  expect(settleDifference({ amount: 10500, settleDifference: 'balance' }, 10000, 500, false)).toEqual({
    writtenOff: 0,
    writeOffReason: null,
  });
});
