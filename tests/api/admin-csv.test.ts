import Papa from 'papaparse';
import { afterAll, describe, expect, test } from 'vitest';
import { CSV_COLUMNS } from '../../src/desk/catalog/catalog-csv.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

const { api, db, json, close } = await testApi();
afterAll(close);
const operator = await makeStaff(db, api, 'operations');
const support = await makeStaff(db, api, 'support');

const sub = await db.selectFrom('sub_categories').select(['slug', 'id', 'category_id']).orderBy('id').executeTakeFirstOrThrow();
const seller = await db.selectFrom('sellers').select(['slug', 'id']).orderBy('id').executeTakeFirstOrThrow();

let run = 0;
/** `n` new products as CSV rows, SKUs of this run's own. */
function rows(n: number) {
  run += 1;
  return Array.from({ length: n }, (_, i) => ({
    sku: `CSV${run}-${i + 1}`,
    name_en: `Imported beans ${run}-${i + 1}`,
    name_ar: `بن مستورد ${run}-${i + 1}`,
    description_en: 'Imported from a CSV file in the desk.',
    description_ar: 'مستورد من ملف CSV في لوحة الإدارة.',
    sub_category: sub.slug,
    seller: seller.slug,
    price: '120.50',
    old_price: '',
    stock: '5',
    weight_grams: '250',
    badge_en: '',
    badge_ar: '',
  }));
}
const csv = (data: object[]) => Papa.unparse(data as Record<string, unknown>[], { columns: [...CSV_COLUMNS] });

async function send(text: string, dryRun: boolean, cookie = operator.cookie, lang = 'en-US') {
  const fd = new FormData();
  fd.append('file', new File([text], 'catalog.csv', { type: 'text/csv' }));
  fd.append('dry_run', dryRun ? '1' : '0');
  const res = await api.request(`/api/admin/products/import?lang=${lang}`, { method: 'POST', body: fd, headers: { cookie } });
  return { status: res.status, body: (await res.json()) as any };
}
const count = async () => (await db.selectFrom('products').select('id').execute()).length;

describe('CSV import', () => {
  test('the dry run names each bad row and why, and writes nothing; the write of a file with a bad row writes nothing', async () => {
    const data = rows(50);
    data[9]!.price = '12.505';
    data[30]!.sub_category = 'no-such-sub-category';
    data[30]!.old_price = '1';
    const before = await count();
    const dry = await send(csv(data), true);
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ rows: 50, create: 48, refused: 2, applied: false });
    const refused = dry.body.data.details.filter((d: { action: string }) => d.action === 'refused');
    expect(refused).toEqual([
      { line: 11, sku: data[9]!.sku, action: 'refused', changes: [], problems: [{ column: 'price', problem: 'badPrice' }] },
      {
        line: 32,
        sku: data[30]!.sku,
        action: 'refused',
        changes: [],
        problems: [
          { column: 'sub_category', problem: 'unknownSubCategory' },
          { column: 'old_price', problem: 'oldPriceNotAbove' },
        ],
      },
    ]);
    expect(await count()).toBe(before);
    const write = await send(csv(data), false);
    expect(write.status).toBe(422);
    expect(write.body.message).toBe(
      'Nothing was imported: 2 rows are refused (see why below). Fix them in the file and check it again.',
    );
    expect(write.body.detail.report).toMatchObject({ refused: 2, applied: false });
    expect(await count()).toBe(before);
  });

  test('fixed, it creates every row in one go, with stock movements and one audit record; the shop has them', async () => {
    const data = rows(40);
    const before = await count();
    const write = await send(csv(data), false);
    expect(write.status).toBe(200);
    expect(write.body.data).toMatchObject({ create: 40, refused: 0, applied: true });
    expect(await count()).toBe(before + 40);
    const made = await db.selectFrom('products').selectAll().where('sku', '=', data[0]!.sku).executeTakeFirstOrThrow();
    expect(made).toMatchObject({
      price: 12050,
      stock: 5,
      sub_category_id: sub.id,
      category_id: sub.category_id,
      seller_id: seller.id,
    });
    const moves = await db.selectFrom('stock_movements').selectAll().where('product_id', '=', made.id).execute();
    expect(moves).toMatchObject([{ reason: 'import', delta: 5, stock_after: 5, actor: `staff:${operator.id}` }]);
    const audits = await db.selectFrom('audit_log').select('after_json').where('action', '=', 'product.import').execute();
    expect(JSON.parse(audits.at(-1)!.after_json!).created).toHaveLength(40);
    const shop = await json(`/api/products/${made.slug}`);
    expect(shop.body.data.name).toBe(data[0]!.name_en);
  });

  test('updates by SKU change only what differs; a file with only some columns keeps the rest; unchanged rows say so', async () => {
    const data = rows(3);
    await send(csv(data), false);
    const priceOnly = Papa.unparse([
      { sku: data[0]!.sku.toLowerCase(), price: '99', stock: '5' },
      { sku: data[1]!.sku, price: '120.50', stock: '9' },
      { sku: data[2]!.sku, price: '120.50', stock: '5' },
    ]);
    const dry = await send(priceOnly, true);
    expect(dry.body.data).toMatchObject({ update: 2, unchanged: 1, create: 0, refused: 0 });
    expect(dry.body.data.details.map((d: { changes: string[] }) => d.changes)).toEqual([['price'], ['stock']]);
    const write = await send(priceOnly, false);
    expect(write.body.data.applied).toBe(true);
    const after = await db
      .selectFrom('products')
      .select(['sku', 'price', 'stock', 'name_en'])
      .where(
        'sku',
        'in',
        data.map((d) => d.sku),
      )
      .orderBy('sku')
      .execute();
    expect(after.map((p) => [p.price, p.stock, p.name_en])).toEqual([
      [9900, 5, data[0]!.name_en],
      [12050, 9, data[1]!.name_en],
      [12050, 5, data[2]!.name_en],
    ]);
    const [move] = await db
      .selectFrom('stock_movements as m')
      .innerJoin('products as p', 'p.id', 'm.product_id')
      .select(['m.delta', 'm.stock_after'])
      .where('p.sku', '=', data[1]!.sku)
      .where('m.reason', '=', 'import')
      .orderBy('m.id', 'desc')
      .execute();
    expect(move).toEqual({ delta: 4, stock_after: 9 });
  });

  test('a file without a SKU column, duplicate SKUs, and support: refused', async () => {
    expect((await send('name_en,price\nBeans,10', true)).body.data.fileProblem).toEqual({
      kind: 'missingColumns',
      columns: ['sku'],
    });
    const data = rows(2);
    data[1]!.sku = data[0]!.sku;
    const dry = await send(csv(data), true);
    expect(dry.body.data.details.find((d: { action: string }) => d.action === 'refused').problems).toEqual([
      { column: 'sku', problem: 'duplicateSku' },
    ]);
    expect((await send(csv(rows(1)), true, support.cookie)).status).toBe(403);
  });
});

describe('CSV export', () => {
  test('every product in the columns import reads; an export imports back unchanged', async () => {
    const res = await api.request('/api/admin/products/export.csv', { headers: { cookie: operator.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte-order mark, so spreadsheet programs read the Arabic as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('sku,name_en,name_ar')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.data).toHaveLength(await count());
    const back = await send(text, true);
    expect(back.body.data).toMatchObject({ create: 0, update: 0, refused: 0, unchanged: await count() });
    expect((await api.request('/api/admin/products/export.csv', { headers: { cookie: support.cookie } })).status).toBe(403);
  });
});
