import { afterAll, describe, expect, test } from 'vitest';
import { serverConfig } from '../../src/server/config.ts';
import { redirectLog } from '../../src/server/observability/logger.ts';
import { signWebhookBody } from '../../src/server/messaging/whatsapp-signature.ts';
import { corruptUploads } from '../support/corrupt-files.ts';
import { deskWithUploads } from '../support/desk-uploads.ts';
import { useSandboxProviders } from '../support/online-payments.ts';
import { makeSeller, makeSellerMember } from '../support/seller.ts';
import { makeStaff } from '../support/staff.ts';

/**
 * Issue 49: every surface refuses bad input without a 5xx, answered in the error model (`message`, `messages`,
 * `errors`) in the requester's language: the payment providers' callbacks, the webhooks, photo uploads, the desk's
 * reports and downloads, the seller portal. Each request here came back 500 (or worse) before.
 */
const { t, operator, close } = await deskWithUploads();
useSandboxProviders(close);
const { api, db } = t;
const finance = await makeStaff(db, api, 'finance');
const seller = await makeSeller(db);
const sellerOwner = await makeSellerMember(db, seller, 'owner');
const logged: Record<string, unknown>[] = [];
afterAll(redirectLog((line) => void logged.push(JSON.parse(line) as Record<string, unknown>)));
const appSecret = serverConfig().messaging.whatsapp.appSecret;

interface Answer {
  status: number;
  type: string | null;
  body: { message?: unknown; messages?: unknown; errors?: unknown };
}
const ask = async (path: string, init: RequestInit = {}): Promise<Answer> => {
  const res = await api.request(path, init, { clientAddress: '198.18.7.7' });
  const type = res.headers.get('content-type');
  const text = await res.text();
  return { status: res.status, type, body: type?.includes('json') ? (JSON.parse(text) as Answer['body']) : { message: text } };
};
const postJson = (path: string, body: string, headers: Record<string, string> = {}) =>
  ask(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

/** A 4xx in the error model: a message, the list of messages, the fields' errors. */
function expectRefusal(answer: Answer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.type).toContain('application/json');
  expect(typeof answer.body.message).toBe('string');
  expect(Array.isArray(answer.body.messages)).toBe(true);
  expect(typeof answer.body.errors).toBe('object');
}

describe("the payment providers' callbacks", () => {
  test('Paymob: the JSON body `null` (and a list, a transaction of the wrong type) is refused 401, never a TypeError', async () => {
    for (const body of ['null', '[]', '{"obj":null}', '{"obj":{"order":{"id":{}}}}', '{"obj":"text"}', '{"type":1,"obj":{}}'])
      expectRefusal(await postJson('/api/payments/paymob/callback?hmac=abc', body), 401);
    const refusals = await db.selectFrom('payment_callbacks').select('reason').where('provider', '=', 'paymob').execute();
    expect(refusals.map((r) => r.reason)).toContain('body is not the documented shape (body)');
  });

  test('Fawry: a `messageSignature` sent as a number is refused 401; so is a notification that is null or a list', async () => {
    const notification = { fawryRefNumber: '9990001', merchantRefNumber: 'BB-1', orderAmount: 150, orderStatus: 'PAID' };
    for (const body of [{ ...notification, messageSignature: 12345 }, { ...notification, messageSignature: null }, null, []])
      expectRefusal(await postJson('/api/payments/fawry/callback?lang=ar-SA', JSON.stringify(body)), 401);
    // In the requester's language.
    const arabic = await postJson('/api/payments/fawry/callback?lang=ar-SA', '{"messageSignature":1}');
    expect(arabic.body.message).toBe('تم رفض إشعار الدفع');
  });

  test('PayTabs and OPay: bodies off their documented shape are refused, not read', async () => {
    for (const provider of ['paytabs', 'opay'])
      for (const body of ['null', '[1,2]', '{"payload":[]}', '{"tran_ref":{"a":1}}'])
        expect((await postJson(`/api/payments/${provider}/callback`, body)).status).toBeLessThan(500);
  });
});

describe('photo uploads: a file whose header is right and whose pixels are broken', () => {
  const upload = async (path: string, cookie: string, file: { name: string; bytes: Buffer }) => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(file.bytes)], file.name));
    return ask(`${path}?lang=ar-SA`, { method: 'POST', body: form, headers: { cookie } });
  };

  test('is refused 415 in the desk and in the seller portal, for every accepted kind (PNG, JPEG, WebP, AVIF) and a PDF', async () => {
    const files = await corruptUploads();
    for (const [path, cookie] of [
      ['/api/admin/media/products', operator.cookie],
      ['/api/seller/media/products', sellerOwner.cookie],
    ] as const)
      for (const file of Object.values(files)) {
        const answer = await upload(path, cookie, file);
        expect({ file: file.name, path, status: answer.status }).toEqual({ file: file.name, path, status: 415 });
        expectRefusal(answer, 415);
      }
  });
});

describe('dates are real calendar days', () => {
  const days = ['2026-13-01', '2026-00-10', '2026-02-30', '2025-02-29', '2026-04-31'];

  test("the desk's order filters: a day that does not exist is 422 on its field, in the reader's language", async () => {
    for (const day of days)
      for (const field of ['from', 'to']) {
        const answer = await ask(`/api/admin/orders?${field}=${day}&lang=en-US`, { headers: { cookie: operator.cookie } });
        expectRefusal(answer, 422);
        expect(Object.keys(answer.body.errors as object)).toEqual([field]);
      }
    // A real one (a leap day) still filters.
    expect((await ask('/api/admin/orders?from=2028-02-29', { headers: { cookie: operator.cookie } })).status).toBe(200);
  });

  test("a seller's statement and its CSV, in the desk and in the portal: 422 before any byte of a file", async () => {
    for (const day of days) {
      for (const [path, cookie] of [
        [`/api/admin/sellers/${seller}/statement`, finance.cookie],
        [`/api/admin/sellers/${seller}/statement.csv`, finance.cookie],
        ['/api/seller/statement.csv', sellerOwner.cookie],
      ] as const) {
        const answer = await ask(`${path}?from=${day}&lang=ar-SA`, { headers: { cookie } });
        expectRefusal(answer, 422);
        expect(answer.type).not.toContain('text/csv');
      }
    }
  });
});

describe('a streamed download fails honestly', () => {
  const statement = () =>
    api.request(`/api/admin/sellers/${seller}/statement.csv?from=2026-01-01&to=2026-01-31`, {
      headers: { cookie: finance.cookie },
    });

  test('a failure before the first byte is a 500 in the error model, not a 200 text/csv with an error inside', async () => {
    await db.schema.alterTable('ledger_entries').renameTo('ledger_entries_gone').execute();
    try {
      const res = await statement();
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(((await res.json()) as { message: string }).message).toMatch(/went wrong/);
    } finally {
      await db.schema.alterTable('ledger_entries_gone').renameTo('ledger_entries').execute();
    }
  });

  test('a failure after the first byte breaks the download (never "Internal server error" in the file) and is logged', async () => {
    const res = await statement();
    expect(res.status).toBe(200);
    await db.schema.alterTable('ledger_entries').renameTo('ledger_entries_gone').execute();
    try {
      await expect(res.text()).rejects.toThrow();
      expect(logged.some((line) => line['msg'] === 'download failed after its first byte: connection ended')).toBe(true);
    } finally {
      await db.schema.alterTable('ledger_entries_gone').renameTo('ledger_entries').execute();
    }
  });
});

describe('webhook and callback bodies have a size limit, checked before the signature', () => {
  const big = (bytes: number) => `{"pad":"${'x'.repeat(bytes)}"}`;

  test('WhatsApp (over 256 KB), a courier (over 64 KB), a payment callback (over 64 KB): 413 in the error model', async () => {
    for (const [path, bytes] of [
      ['/api/whatsapp/webhook', 300 * 1024],
      ['/api/couriers/sandbox/webhook', 70 * 1024],
      ['/api/payments/paymob/callback', 70 * 1024],
    ] as const) {
      const answer = await postJson(`${path}?lang=ar-SA`, big(bytes));
      expectRefusal(answer, 413);
      expect(answer.body.message).toBe('حجم الطلب أكبر من المسموح، فتعذّرت قراءته.');
    }
  });

  /**
   * 2.5 MB in 64 KB chunks, streamed to `path` with `headers`; how many chunks the server pulled. Without a limit the
   * route reads them all and answers 401 (no signature, no secret).
   */
  async function streamTo(path: string, headers: Record<string, string>) {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 40) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const init = { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duplex: 'half' };
    const res = await api.request(path, init as RequestInit);
    return { res, pulled };
  }

  test('a declared length over the limit is refused at once, before a byte of the body is read', async () => {
    const { res, pulled } = await streamTo('/api/whatsapp/webhook', { 'content-length': String(100 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(pulled).toBeLessThanOrEqual(1);
  });

  test('a chunked body is counted as it arrives and refused at the limit, the rest never read', async () => {
    const { res, pulled } = await streamTo('/api/couriers/sandbox/webhook', { 'transfer-encoding': 'chunked' });
    expect(res.status).toBe(413);
    // 64 KB is the limit: the second chunk crosses it (the stream may have one more queued).
    expect(pulled).toBeLessThan(5);
  });

  test('a signed WhatsApp post off Meta’s documented shape is 400, not a TypeError', async () => {
    for (const body of [
      '{"entry":[null]}',
      '{"entry":[{"changes":[null]}]}',
      '{"entry":[{"changes":[{"field":"messages","value":{"messages":[null]}}]}]}',
      'null',
    ])
      expect(
        (await postJson('/api/whatsapp/webhook', body, { 'x-hub-signature-256': signWebhookBody(appSecret, body) })).status,
      ).toBe(400);
  });
});

describe("a product's photo URL", () => {
  test('cannot climb out of /media with `..` (422 on the field), in the desk', async () => {
    const sub = await db.selectFrom('sub_categories').select(['id', 'category_id']).orderBy('id').executeTakeFirstOrThrow();
    for (const url of [
      '/media/../../etc/passwd',
      '/api/media/products/../../../data/shop.sqlite',
      '/media/./x.webp',
      '/media/.hidden',
    ]) {
      const answer = await postJson(
        '/api/admin/products',
        JSON.stringify({
          sku: `DOTS-${Math.random().toString(36).slice(2, 8)}`.toUpperCase(),
          name_en: 'Sidamo Natural 250 g',
          name_ar: 'سيدامو مجفف طبيعيًا 250 جم',
          description_en: 'A fruity natural Ethiopian coffee.',
          description_ar: 'قهوة إثيوبية طبيعية بنكهة الفاكهة.',
          category_id: sub.category_id,
          sub_category_id: sub.id,
          seller_id: seller,
          price: 42000,
          stock: 3,
          images: [{ url, alt_en: 'The bag', alt_ar: 'الكيس' }],
        }),
        { cookie: operator.cookie },
      );
      expectRefusal(answer, 422);
      expect(Object.keys(answer.body.errors as object)).toContain('images.0.url');
    }
  });
});
