import { readdir } from 'node:fs/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { useSmsSender } from '../../src/server/auth/sms/sender.ts';
import { SmsDeliveryError } from '../../src/server/auth/sms/sms-sender.ts';
import { deskWithUploads } from '../support/desk-uploads.ts';
import { jsonInit } from '../support/staff.ts';

const { t, dir, operator, support, close } = await deskWithUploads();
afterAll(async () => {
  useSmsSender(undefined);
  await close();
});

const contractBytes = `%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`;
let applicant = 0;

/** A brand applies at /become-partner (the public endpoint, multipart, its own address). */
async function apply(brand: string, lang: 'en' | 'ar' = 'en') {
  applicant += 1;
  const fd = new FormData();
  fd.append('brand_name', brand);
  fd.append('company_description', 'A family roastery in Mansoura supplying cafés since 2012.');
  fd.append('email', `brand${applicant}@example.com`);
  fd.append('mobile', `0101234${String(5000 + applicant).padStart(4, '0')}`);
  fd.append('contract', new File([contractBytes], 'عقد الشراكة.pdf', { type: 'application/pdf' }));
  fd.append('tax_card', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], 'tax.png'));
  const res = await t.api.request(
    `/api/partner-applications?lang=${lang}`,
    { method: 'POST', body: fd },
    { clientAddress: `192.0.2.${applicant}` },
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

const admin = (path: string, init: RequestInit = {}, cookie = operator.cookie) =>
  t.api.request(
    `/api/admin${path}`,
    { ...init, headers: { ...(init.headers as object), cookie } },
    { clientAddress: '203.0.113.9' },
  );
const get = (path: string, cookie = operator.cookie) => t.json(`/api/admin${path}`, { headers: { cookie } });
const post = (path: string, body: unknown, cookie = operator.cookie) =>
  t.json(`/api/admin${path}`, jsonInit('POST', body, cookie));
const seller = (slug: string) => ({
  slug,
  name_en: 'Delta Roasters',
  name_ar: 'محمصة الدلتا',
  city_en: 'Mansoura',
  city_ar: 'المنصورة',
  description_en: 'A family roastery in Mansoura supplying cafés since 2012.',
  description_ar: 'محمصة عائلية في المنصورة تورد البن للمقاهي منذ 2012.',
});
const sellerCount = async () => (await t.db.selectFrom('sellers').select('id').execute()).length;
const textsTo = (phone: string) => t.db.selectFrom('sms_messages').select('body').where('phone', '=', phone).execute();

describe('applications in the desk', () => {
  test('operations lists the waiting ones, newest first, with their documents and a count per status', async () => {
    const first = await apply('Listing Roasters');
    const second = await apply('Listing Beans');
    const list = await get('/partners/applications');
    expect(list.status).toBe(200);
    const ids = list.body.data.rows.map((r: { id: number }) => r.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(list.body.data.rows.find((r: { id: number }) => r.id === first)).toMatchObject({ status: 'received', files: 2 });
    expect(list.body.data.counts.received).toBeGreaterThanOrEqual(2);
    const one = await get(`/partners/applications/${first}`);
    expect(one.body.data.files.map((f: { kind: string; name: string }) => [f.kind, f.name])).toEqual([
      ['contract', 'عقد الشراكة.pdf'],
      ['tax_card', 'tax.png'],
    ]);
  });

  test('a document streams only to staff with the right, as a download nothing keeps', async () => {
    const id = await apply('Document Roasters');
    const { body } = await get(`/partners/applications/${id}`);
    const file = body.data.files[0];
    const path = `/partners/applications/${id}/files/${file.id}`;

    const res = await admin(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(contractBytes);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('عقد الشراكة.pdf')}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    // No session, a role without the right, a stolen old cookie, or another application's number: never the bytes.
    expect((await t.api.request(`/api/admin${path}`)).status).toBe(401);
    expect((await admin(path, {}, support.cookie)).status).toBe(403);
    expect((await admin(path, {}, 'bb_staff=forged-token')).status).toBe(401);
    const other = await apply('Other Roasters');
    expect((await admin(`/partners/applications/${other}/files/${file.id}`)).status).toBe(404);
    // The stored name is random and never handed out: nothing in the answers names it.
    const [stored] = await readdir(dir);
    expect(JSON.stringify(body)).not.toContain(stored!.slice(0, 32));
  });

  test('support may not list, read or decide', async () => {
    const id = await apply('Forbidden Roasters');
    expect((await get('/partners/applications', support.cookie)).status).toBe(403);
    expect((await get(`/partners/applications/${id}`, support.cookie)).status).toBe(403);
    expect((await post(`/partners/applications/${id}/approve`, seller('forbidden'), support.cookie)).status).toBe(403);
    expect(
      (await post(`/partners/applications/${id}/reject`, { reason: 'Not a coffee brand at all.' }, support.cookie)).status,
    ).toBe(403);
    expect((await get(`/partners/applications/${id}`)).body.data.status).toBe('received');
  });
});

describe('deciding', () => {
  test('approval creates the seller and its page, texts the applicant in their language, and is audited', async () => {
    const id = await apply('Delta Roasters', 'ar');
    const before = await sellerCount();
    const res = await post(`/partners/applications/${id}/approve`, seller('Delta-Roasters'));
    expect(res.status).toBe(201);
    const { application, seller: created, notified } = res.body.data;
    expect(created.slug).toBe('delta-roasters');
    expect(notified).toBe(true);
    expect(application).toMatchObject({ status: 'approved', seller_id: created.id, decided_by: expect.any(String) });
    expect(await sellerCount()).toBe(before + 1);

    const page = await t.json(`/api/vendor_details/${created.id}?lang=ar`);
    expect(page.body.data).toMatchObject({ name: 'محمصة الدلتا', city: 'المنصورة', products_count: 0 });
    expect(page.body.data.logo).toMatch(/^\/api\/media\/art\//);

    const [sms] = await textsTo(application.mobile);
    expect(sms!.body).toContain('بازار البن');
    expect(sms!.body).toContain(`/ar/seller-profile/${created.id}`);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'partner.approve')
      .where('subject_id', '=', String(id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staff_email).toBe(operator.email);

    // Decided once: a second approval (another operator's stale page) is refused and creates nothing.
    const again = await post(`/partners/applications/${id}/approve`, seller('delta-roasters-2'));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This application has been decided already. Reload the page to see the decision.');
    expect(await sellerCount()).toBe(before + 1);
  });

  test('a short name another seller uses is refused on its field, and nothing is half-written', async () => {
    const first = await apply('Twin One');
    const second = await apply('Twin Two');
    expect((await post(`/partners/applications/${first}/approve`, seller('twin-roasters'))).status).toBe(201);
    const before = await sellerCount();
    const res = await t.json(
      `/api/admin/partners/applications/${second}/approve?lang=ar`,
      jsonInit('POST', seller('twin-roasters'), operator.cookie),
    );
    expect(res.status).toBe(409);
    expect(res.body.errors.slug).toEqual(['هذا الاسم المختصر مستخدم لبائع آخر. اختر اسمًا غيره.']);
    expect(await sellerCount()).toBe(before);
    expect((await get(`/partners/applications/${second}`)).body.data.status).toBe('received');
  });

  test('bad fields are named in the operator’s language; nothing is created', async () => {
    const id = await apply('Bad Fields');
    const before = await sellerCount();
    const res = await t.json(
      `/api/admin/partners/applications/${id}/approve?lang=ar`,
      jsonInit('POST', { ...seller('Not a slug!'), name_ar: '' }, operator.cookie),
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['name_ar', 'slug']);
    expect(res.body.errors.name_ar[0]).toMatch(/[\u0600-\u06ff]/);
    expect(await sellerCount()).toBe(before);
  });

  test('rejection needs a reason, which the applicant is sent; audited with it', async () => {
    const id = await apply('Rejected Roasters');
    const short = await post(`/partners/applications/${id}/reject`, { reason: 'No.' });
    expect(short.status).toBe(422);
    expect(short.body.errors.reason).toHaveLength(1);
    const reason = 'We only list roasters with a food-safety licence.';
    const res = await post(`/partners/applications/${id}/reject`, { reason });
    expect(res.status).toBe(200);
    expect(res.body.data.application).toMatchObject({ status: 'rejected', decision_reason: reason, seller_id: null });
    const [sms] = await textsTo(res.body.data.application.mobile);
    expect(sms!.body).toContain(reason);
    const [audit] = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'partner.reject')
      .where('subject_id', '=', String(id))
      .execute();
    expect(audit!.reason).toBe(reason);
    const list = await get('/partners/applications?status=rejected');
    expect(list.body.data.rows.map((r: { id: number }) => r.id)).toContain(id);
  });

  test('an SMS provider that fails never undoes an approval: the desk is told to call', async () => {
    useSmsSender({
      name: 'down',
      send: async () => {
        throw new SmsDeliveryError('provider down');
      },
    });
    try {
      const id = await apply('Quiet Roasters');
      const res = await post(`/partners/applications/${id}/approve`, seller('quiet-roasters'));
      expect(res.status).toBe(201);
      expect(res.body.data.notified).toBe(false);
      expect(res.body.data.application.status).toBe('approved');
    } finally {
      useSmsSender(undefined);
    }
  });
});

describe('suspending a seller', () => {
  test('its page and products leave the shop (pages, listings, search, orders, sitemap) and come back on reinstatement', async () => {
    const { catalogSitemapXml } = await import('../../src/server/services/catalog/sitemap.ts');
    const { codOrderOf } = await import('../support/orders.ts');
    const product = await t.db
      .selectFrom('products')
      .select(['id', 'slug', 'seller_id', 'name_en'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const sellerId = product.seller_id;
    const total = async () => (await t.json('/api/products?per_page=1')).body.meta.total as number;
    const ofSeller = Number(
      (
        await t.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('seller_id', '=', sellerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const before = await total();
    const searched = async () =>
      (await t.json(`/api/products?query=${encodeURIComponent(product.name_en)}&per_page=60`)).body.data.map(
        (p: { id: number }) => p.id,
      );
    // The brands strip (GET /api/brands, the home page's strip at the next publish) and the sellers directory.
    const brands = async (lang: 'en' | 'ar') =>
      (await t.json(`/api/brands?lang=${lang}`)).body.data.map((b: { id: number; link: string }) => b.id);
    const directory = async () => {
      const { listSellers } = await import('../../src/server/services/catalog/sellers.ts');
      const all = await listSellers(t.db);
      return [...all.en, ...all.ar].map((s) => s.id);
    };
    // Found before the suspension, so its absence afterwards means something.
    expect(await searched()).toContain(product.id);
    expect(await brands('en')).toContain(sellerId);
    expect(await directory()).toContain(sellerId);

    expect((await post(`/sellers/${sellerId}/suspend`, { reason: '' })).status).toBe(422);
    expect((await post(`/sellers/${sellerId}/suspend`, { reason: 'Tax card expired' }, support.cookie)).status).toBe(403);
    const suspended = await post(`/sellers/${sellerId}/suspend`, { reason: 'Tax card expired' });
    expect(suspended.status).toBe(200);
    const [audit] = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'seller.suspend').execute();
    expect(audit).toMatchObject({ subject_id: String(sellerId), reason: 'Tax card expired' });

    expect((await t.json(`/api/vendor_details/${sellerId}`)).status).toBe(404);
    expect((await t.json(`/api/products/${product.slug}`)).status).toBe(404);
    await expect.poll(total).toBe(before - ofSeller);
    expect(await searched()).not.toContain(product.id);
    expect(await catalogSitemapXml(t.db, 'https://shop.example', 0)).not.toContain(`/single-product/${product.id}<`);
    expect((await codOrderOf(t.db, t.json, product.id, 1)).status).toBe(409);
    expect(await brands('en')).not.toContain(sellerId);
    expect(await brands('ar')).not.toContain(sellerId);
    expect(await directory()).not.toContain(sellerId);

    expect((await post(`/sellers/${sellerId}/reinstate`, {})).status).toBe(200);
    expect((await t.json(`/api/products/${product.slug}`)).status).toBe(200);
    await expect.poll(total).toBe(before);
    expect(await searched()).toContain(product.id);
    expect(await brands('en')).toContain(sellerId);
    const desk = await get('/sellers');
    expect(desk.body.data.find((s: { id: number }) => s.id === sellerId)).toMatchObject({ status: 'active', products: ofSeller });
  });
});
