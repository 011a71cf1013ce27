import { afterAll, expect, test } from 'vitest';
import { testApi } from '../support/test-db.ts';
import { bearer, lastCode, registeredShopper } from '../support/accounts.ts';
import { makeShopper } from '../support/shoppers.ts';

const t = await testApi();
afterAll(() => t.close());

const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  t.json(path, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const home = {
  title: 'Home',
  governorate_id: 1,
  city: 'New Cairo',
  area: 'Fifth Settlement',
  street: '90th Street',
  details: 'Building 5',
};

test('ASVS V6.2.2/V7.4.3: changing the password needs the current one and ends the other sessions, not this one', async () => {
  const s = await registeredShopper(t);
  const other = await t.post('/api/auth/login', { login: s.input.email, password: s.input.password });
  const wrong = await send('POST', '/api/auth/updateProfile', s.headers, {
    current_password: 'nope-nope-nope',
    password: 'fresh roast phrase',
    password_confirmation: 'fresh roast phrase',
  });
  expect(wrong.status).toBe(422);
  expect(wrong.body.errors.current_password).toEqual(['The current password is not correct']);
  const ok = await send('POST', '/api/auth/updateProfile', s.headers, {
    current_password: s.input.password,
    password: 'fresh roast phrase',
    password_confirmation: 'fresh roast phrase',
  });
  expect(ok.status).toBe(200);
  expect(ok.body.message).toBe('Password changed successfully');
  expect((await t.json('/api/auth/me', { headers: s.headers })).status).toBe(200);
  expect((await t.json('/api/auth/me', { headers: bearer(other.body.data.access_token) })).status).toBe(401);
  expect((await t.post('/api/auth/refresh', { refresh_token: other.body.data.refresh_token })).status).toBe(401);
});

test('names and e-mail change; a new mobile number only after its code', async () => {
  const s = await registeredShopper(t);
  const r = await send('POST', '/api/auth/updateProfile', s.headers, {
    first_name: 'Nour',
    email: 'NOUR.NEW@example.com',
    phone: '0111 222 3334',
  });
  expect(r.status).toBe(200);
  expect(r.body.message).toBe('Code sent to your phone number');
  expect(r.body.data).toMatchObject({
    first_name: 'Nour',
    email: 'nour.new@example.com',
    phone: s.phone,
    pending_phone: '+201112223334',
  });
  const wrong = await send('POST', '/api/auth/verify-phone', s.headers, {
    code: '999999' === (await lastCode(t.db, '+201112223334')) ? '111111' : '999999',
  });
  expect(wrong.body.message).toBe('Invalid Code');
  const ok = await send('POST', '/api/auth/verify-phone', s.headers, { code: await lastCode(t.db, '+201112223334') });
  expect(ok.status).toBe(200);
  expect(ok.body.data.phone).toBe('+201112223334');
});

test('ASVS V5.2.2: a photo is checked by content (png/jpg up to 5 MB), then served', async () => {
  const s = await registeredShopper(t);
  const upload = (bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.set('avatar', new File([bytes as Uint8Array<ArrayBuffer>], name));
    return t.json('/api/auth/updateProfile', { method: 'POST', headers: s.headers, body: form });
  };
  const fake = await upload(new TextEncoder().encode('<script>alert(1)</script>'), 'me.png');
  expect(fake.status).toBe(422);
  expect(fake.body.errors.avatar).toEqual(['The photo must be a JPG or PNG image']);
  const pdf = await upload(new TextEncoder().encode('%PDF-1.7 hello'), 'me.jpg');
  expect(pdf.status).toBe(422);
  const big = new Uint8Array(5 * 1024 * 1024 + 1);
  big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const tooBig = await upload(big, 'big.png');
  expect([413, 422]).toContain(tooBig.status);
  expect(tooBig.body.message).toBe('The file size exceeds the maximum limit of 5 MB');
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const ok = await upload(png, 'me.txt');
  expect(ok.status).toBe(200);
  const url = ok.body.data.avatar as string;
  expect(url).toMatch(/^\/api\/avatars\/[0-9a-f]{32}\.png$/);
  const served = await t.api.request(url);
  expect(served.headers.get('content-type')).toBe('image/png');
});

test('address book: the first is primary, a new primary takes over, deleting the primary promotes another', async () => {
  const s = await makeShopper(t.db);
  const first = await send('POST', '/api/addresses', s.headers, { ...home, is_primary: false });
  expect(first.status).toBe(201);
  expect(first.body.data).toHaveLength(1);
  expect(first.body.data[0]).toMatchObject({ title: 'Home', country: 'EG', governorate: 'Cairo', is_primary: true });
  const second = await send('POST', '/api/addresses?lang=ar-SA', s.headers, {
    ...home,
    title: 'Work',
    governorate_id: 2,
    is_primary: true,
  });
  expect(second.body.data.map((a: { title: string; is_primary: boolean }) => [a.title, a.is_primary])).toEqual([
    ['Work', true],
    ['Home', false],
  ]);
  const homeId = second.body.data[1].id;
  const workId = second.body.data[0].id;
  // Unticking the only primary is ignored: exactly one stays primary.
  const edited = await send('PUT', `/api/addresses/${workId}`, s.headers, { ...home, title: 'Office', is_primary: false });
  expect(edited.body.data.filter((a: { is_primary: boolean }) => a.is_primary)).toHaveLength(1);
  expect(edited.body.data.find((a: { id: number }) => a.id === workId).title).toBe('Office');
  const made = await send('POST', `/api/addresses/${homeId}/primary`, s.headers);
  expect(made.body.data[0]).toMatchObject({ id: homeId, is_primary: true });
  const deleted = await send('DELETE', `/api/addresses/${homeId}`, s.headers);
  expect(deleted.body.data).toEqual([expect.objectContaining({ id: workId, is_primary: true })]);
  const bad = await send('POST', '/api/addresses', s.headers, { ...home, governorate_id: 999 });
  expect(bad.status).toBe(422);
  expect(bad.body.errors.governorate_id).toEqual(['Choose one of the governorates']);
});

test('GET /governorates: the 27 governorates in the request language', async () => {
  const en = await t.json('/api/governorates');
  const ar = await t.json('/api/governorates?lang=ar-SA');
  expect(en.body.data).toHaveLength(27);
  expect(en.body.data[0].name).toBe('Cairo');
  expect(ar.body.data[0].name).toBe('القاهرة');
});

// ASVS 5.0 V8.2.2: one shopper can never read or change another's profile or addresses, endpoint by endpoint.
test("ASVS V8.2.2: GET /addresses lists only the token owner's addresses", async () => {
  const owner = await makeShopper(t.db);
  const intruder = await makeShopper(t.db);
  await send('POST', '/api/addresses', owner.headers, home);
  expect((await send('GET', '/api/addresses', intruder.headers)).body.data).toEqual([]);
});

for (const [method, suffix, body] of [
  ['PUT', '', { ...home, title: 'Hacked' }],
  ['DELETE', '', undefined],
  ['POST', '/primary', undefined],
] as const) {
  test(`ASVS V8.2.2: ${method} /addresses/{id}${suffix} on another shopper's address is a 404 and changes nothing`, async () => {
    const owner = await makeShopper(t.db);
    const intruder = await makeShopper(t.db);
    await send('POST', '/api/addresses', intruder.headers, home);
    const created = await send('POST', '/api/addresses', owner.headers, { ...home, title: 'Mine' });
    const id = created.body.data[0].id;
    const r = await send(method, `/api/addresses/${id}${suffix}`, intruder.headers, body);
    expect(r.status).toBe(404);
    expect((await send('GET', '/api/addresses', owner.headers)).body.data).toEqual(created.body.data);
  });
}

test('ASVS V8.2.2: GET /auth/me and POST /auth/updateProfile act only on the token owner, whatever id is sent', async () => {
  const owner = await makeShopper(t.db, { first_name: 'Owner' });
  const intruder = await makeShopper(t.db, { first_name: 'Intruder' });
  expect((await send('GET', '/api/auth/me', intruder.headers)).body.data.first_name).toBe('Intruder');
  await send('POST', '/api/auth/updateProfile', intruder.headers, { id: owner.id, user_id: owner.id, first_name: 'Changed' });
  expect((await send('GET', '/api/auth/me', owner.headers)).body.data.first_name).toBe('Owner');
  // verify-phone uses the token owner's pending number only.
  expect((await send('POST', '/api/auth/verify-phone', intruder.headers, { code: '123456' })).status).toBe(422);
});

test('ASVS V8.2.1: every owned endpoint needs a token', async () => {
  for (const [method, path] of [
    ['GET', '/api/auth/me'],
    ['POST', '/api/auth/updateProfile'],
    ['POST', '/api/auth/verify-phone'],
    ['GET', '/api/addresses'],
    ['POST', '/api/addresses'],
    ['PUT', '/api/addresses/1'],
    ['DELETE', '/api/addresses/1'],
    ['POST', '/api/addresses/1/primary'],
  ]) {
    expect((await send(method!, path!, {}, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(401);
  }
});
