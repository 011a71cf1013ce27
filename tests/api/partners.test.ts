import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { en } from '../../src/i18n/en.ts';
import { sweepAbandonedUploads } from '../../src/server/uploads/quota.ts';
import { testApi } from '../support/test-db.ts';
import { redirectLog } from '../../src/server/observability/logger.ts';

let t: Awaited<ReturnType<typeof testApi>>;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uploads-'));
  process.env['UPLOADS_DIR'] = dir;
  t = await testApi();
});
afterAll(async () => {
  delete process.env['UPLOADS_DIR'];
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const pdf = () => new File([`%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`], 'contract.pdf', { type: 'application/pdf' });
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], 'tax card.png', {
    type: 'image/png',
  });
const fields = {
  brand_name: 'Delta Roasters',
  company_description: 'A family roastery in Mansoura supplying cafés since 2012.',
  email: 'hello@delta.example',
  mobile: '01012345678',
};

function form(overrides: Record<string, string | File | File[] | undefined> = {}) {
  const fd = new FormData();
  const all: Record<string, string | File | File[] | undefined> = { ...fields, contract: pdf(), tax_card: png(), ...overrides };
  for (const [key, value] of Object.entries(all)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) fd.append(key, v);
  }
  return fd;
}

interface Body {
  message: string;
  messages: string[];
  errors: Record<string, string[]>;
  data: { id: number; brand_name: string; files: { kind: string }[] };
}

/** Each application from its own address, as different brands apply (applications are limited per address). */
let applicant = 0;
const fromNextApplicant = () => ({ clientAddress: `203.0.113.${++applicant}` });
const send = async (fd: FormData, lang = 'en-US', from = fromNextApplicant()) => {
  const res = await t.api.request(`/api/partner-applications?lang=${lang}`, { method: 'POST', body: fd }, from);
  return { status: res.status, body: (await res.json()) as Body };
};
const counts = async () => ({
  applications: Number(
    (
      await t.db
        .selectFrom('partner_applications')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  files: Number(
    (
      await t.db
        .selectFrom('partner_application_files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  stored: (await readdir(dir)).length,
});

describe('POST /api/partner-applications', () => {
  test('stores a valid application with its files under random names', async () => {
    const before = await counts();
    const doc = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'register.jpeg', { type: 'image/jpeg' });
    const res = await send(form({ company_documents: [doc] }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      brand_name: 'Delta Roasters',
      files: [{ kind: 'contract' }, { kind: 'tax_card' }, { kind: 'company_document' }],
    });
    const rows = await t.db
      .selectFrom('partner_application_files')
      .selectAll()
      .where('application_id', '=', res.body.data.id)
      .execute();
    expect(rows.map((r) => r.mime).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    for (const row of rows) {
      expect(row.stored_name).toMatch(/^[0-9a-f]{32}\.(pdf|png|jpg)$/);
      expect(row.stored_name).not.toContain(row.original_name.split('.')[0]);
    }
    const contract = rows.find((r) => r.kind === 'contract')!;
    expect((await readFile(join(dir, contract.stored_name), 'utf8')).startsWith('%PDF-')).toBe(true);
    expect(await counts()).toEqual({ applications: before.applications + 1, files: before.files + 3, stored: before.stored + 3 });
  });

  const refusals: [string, () => FormData, string, string][] = [
    ['missing fields', () => form({ brand_name: undefined, email: undefined }), 'brand_name', en.validation.errors.required],
    ['a missing contract', () => form({ contract: undefined }), 'contract', en.validation.errors.required],
    ['a wrong e-mail', () => form({ email: 'delta.example' }), 'email', en.validation.errors.email],
    [
      'a 6 MB file',
      () => form({ tax_card: new File([new Uint8Array(6 * 1024 * 1024).fill(0x25)], 'big.pdf') }),
      'tax_card',
      'The file size exceeds the maximum limit of 5 MB',
    ],
    [
      'a .pdf that is really an executable',
      () =>
        form({
          contract: new File(['MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode'], 'contract.pdf', {
            type: 'application/pdf',
          }),
        }),
      'contract',
      en.forms.errors.badType,
    ],
    [
      'a renamed .png that is really HTML',
      () => form({ tax_card: new File(['<!doctype html><script>alert(1)</script>'], 'card.png', { type: 'image/png' }) }),
      'tax_card',
      en.forms.errors.badType,
    ],
  ];

  test.each(refusals)('refuses %s with a clear message and stores nothing', async (_name, build, field, message) => {
    const before = await counts();
    const res = await send(build());
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(res.body.messages).toContain(message);
    expect(await counts()).toEqual(before);
  });

  test('a too-large file leads the message', async () => {
    const res = await send(form({ contract: new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'c.pdf') }));
    expect(res.body.message).toBe('The file size exceeds the maximum limit of 5 MB');
  });

  test('a body that is not multipart, or does not parse as multipart, is a 4xx with a message, never a 500', async () => {
    const before = await counts();
    const json = await t.api.request(
      '/api/partner-applications',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
      fromNextApplicant(),
    );
    expect(json.status).toBe(415);
    const broken = await t.api.request(
      '/api/partner-applications?lang=ar-SA',
      {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: 'not a multipart body',
      },
      fromNextApplicant(),
    );
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as Body).message).toBe('تعذّرت قراءة البيانات المرسلة: تحقّق من صيغتها');
    expect(await counts()).toEqual(before);
  });

  test('a body larger than any valid application is refused before it is read', async () => {
    const before = await counts();
    const res = await t.api.request(
      '/api/partner-applications?lang=en-US',
      {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(60 * 1024 * 1024) },
        body: 'x',
      },
      fromNextApplicant(),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as Body).message).toBe('The file size exceeds the maximum limit of 5 MB');
    expect(await counts()).toEqual(before);
  });

  test('when the file rows fail, the application row is rolled back and the written files are removed', async () => {
    const before = await counts();
    // Valid input cannot make the insert fail, so break the second insert of the transaction on purpose.
    await t.db.schema.alterTable('partner_application_files').renameColumn('mime', 'mime_gone').execute();
    // The API logs the fault it answers with a 500; keep the deliberate one out of the test output.
    const lines: string[] = [];
    const stopCapture = redirectLog((line) => void lines.push(line));
    try {
      const res = await t.api.request('/api/partner-applications', { method: 'POST', body: form() }, fromNextApplicant());
      expect(res.status).toBe(500);
      expect(lines.map((l) => JSON.parse(l).msg)).toContain('request failed');
    } finally {
      stopCapture();
      await t.db.schema.alterTable('partner_application_files').renameColumn('mime_gone', 'mime').execute();
    }
    expect(await counts()).toEqual(before);
  });

  test('issue 19: one address may apply 5 times an hour; the 6th is refused before its body is read, in its language', async () => {
    const from = { clientAddress: '192.0.2.55' };
    for (let i = 0; i < 5; i++) expect((await send(form(), 'en-US', from)).status).toBe(201);
    const before = await counts();
    const sixth = await send(form(), 'ar-SA', from);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('محاولات كثيرة. حاول مرة أخرى بعد 60 دقيقة.');
    expect(await counts()).toEqual(before);
  });

  test('issue 19: a full uploads quota refuses applications with a clear 503, writing nothing', async () => {
    process.env['UPLOADS_QUOTA_MB'] = '0.001';
    try {
      const before = await counts();
      const res = await send(form());
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('We cannot take new applications right now. Please try again later.');
      expect(await counts()).toEqual(before);
    } finally {
      delete process.env['UPLOADS_QUOTA_MB'];
    }
  });

  test('issue 19: the sweeper removes files no application names once they are an hour old, and keeps the rest', async () => {
    await send(form());
    const { writeFile, utimes } = await import('node:fs/promises');
    await writeFile(join(dir, 'abandoned.pdf'), 'half');
    await writeFile(join(dir, 'abandoned.pdf.part'), 'half');
    await writeFile(join(dir, 'fresh.pdf.part'), 'still being written');
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(join(dir, 'abandoned.pdf'), old, old);
    await utimes(join(dir, 'abandoned.pdf.part'), old, old);
    const keptBefore = (await readdir(dir)).filter((n) => !n.startsWith('abandoned') && !n.startsWith('fresh'));
    const removed = await sweepAbandonedUploads(t.db); // the store under UPLOADS_DIR (dir)
    expect(removed.sort()).toEqual(['abandoned.pdf', 'abandoned.pdf.part']);
    expect((await readdir(dir)).sort()).toEqual([...keptBefore, 'fresh.pdf.part'].sort());
    await rm(join(dir, 'fresh.pdf.part'));
  });
});
