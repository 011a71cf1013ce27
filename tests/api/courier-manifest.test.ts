import { afterAll, expect, test } from 'vitest';
import { poundsText } from '../../src/lib/money.ts';
import { makeCourier, placeOrderTotalling } from '../support/cash.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/** The daily manifest of a courier without an API (issue 38): the orders handed to them today, as CSV. */
const { api, db, json, close } = await testApi();
afterAll(close);

const operator = await makeStaff(db, api, 'operations');
const content = await makeStaff(db, api, 'content');

test("today's manifest lists the courier's orders handed over today with the cash to collect, in the reader's language", async () => {
  const karim = await makeCourier(db, 'Karim');
  const other = await makeCourier(db, 'Other');
  const mine = [await placeOrderTotalling(db, json, 30000), await placeOrderTotalling(db, json, 45050)];
  const theirs = await placeOrderTotalling(db, json, 20000);
  for (const order of mine) await moveOrderTo(db, order.id, 'WITH_COURIER', { courierId: karim });
  await moveOrderTo(db, theirs.id, 'WITH_COURIER', { courierId: other });
  const res = await api.request(`/api/admin/couriers/${karim}/manifest.csv?lang=ar-SA`, { headers: { cookie: operator.cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const bytes = Buffer.from(await res.arrayBuffer());
  // The byte-order mark Excel needs to read the Arabic as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('الطلب,المستلم,رقم الموبايل,العنوان,المحافظة,المبلغ المطلوب تحصيله (ج.م)');
  expect(lines.slice(1).map((l) => [l.split(',')[0], l.split(',').at(-1)])).toEqual(
    mine.map((o) => [`#${o.id}`, poundsText(o.total)]),
  );
  expect(csv).not.toContain(`#${theirs.id},`);
  expect(csv).toContain('القاهرة');

  const yesterday = await api.request(`/api/admin/couriers/${karim}/manifest.csv?day=2020-01-01`, {
    headers: { cookie: operator.cookie },
  });
  expect((await yesterday.text()).trim().split('\r\n')).toHaveLength(1);
  expect((await api.request(`/api/admin/couriers/${karim}/manifest.csv`, { headers: { cookie: content.cookie } })).status).toBe(
    403,
  );
});
