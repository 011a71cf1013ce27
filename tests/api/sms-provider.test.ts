import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { TwilioSender } from '../../src/server/auth/sms/twilio.ts';
import { useSmsSender } from '../../src/server/auth/sms/sender.ts';
import { testApi } from '../support/test-db.ts';
import { lastCode, newShopperInput } from '../support/accounts.ts';

const t = await testApi();
let server: Server;
let base = '';
let mode: 'ok' | 'fail' = 'ok';
const received: { path: string; auth: string; form: URLSearchParams }[] = [];

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  // A stub of Twilio's Messages API on 127.0.0.1: 201 {sid} when accepted, a JSON error otherwise.
  server = createServer(async (req, res) => {
    const form = new URLSearchParams(await read(req));
    received.push({ path: req.url ?? '', auth: req.headers.authorization ?? '', form });
    res.setHeader('content-type', 'application/json');
    if (mode === 'fail') {
      res.writeHead(503).end(JSON.stringify({ code: 20503, message: 'Service unavailable', status: 503 }));
      return;
    }
    res.writeHead(201).end(JSON.stringify({ sid: `SM${received.length}`, status: 'queued' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  useSmsSender(new TwilioSender(t.db, { accountSid: 'AC123', authToken: 'secret-token', from: 'BeanBazaar', baseUrl: base }));
});
afterEach(() => {
  mode = 'ok';
});
afterAll(async () => {
  useSmsSender(undefined);
  server.close();
  await t.close();
});

test('the Twilio adapter posts To, From and Body with Basic auth to the Messages API', async () => {
  const r = await t.post('/api/auth/register', newShopperInput({ phone: '01033334444' }));
  expect(r.status).toBe(201);
  const last = received.at(-1)!;
  expect(last.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
  expect(last.auth).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
  expect(last.form.get('To')).toBe('+201033334444');
  expect(last.form.get('From')).toBe('BeanBazaar');
  expect(last.form.get('Body')).toMatch(/\b\d{6}\b/);
  // The provider path keeps no text (it holds the code), only the outcome and Twilio's sid.
  const row = await t.db.selectFrom('sms_messages').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(row).toMatchObject({ provider: 'twilio', status: 'sent', body: '', provider_ref: `SM${received.length}` });
});

test('a failing provider: a clear localized 503, the sign-up is kept and a retry works at once', async () => {
  mode = 'fail';
  const input = newShopperInput({ phone: '01044445555' });
  const r = await t.post('/api/auth/register?lang=ar-SA', input);
  expect(r.status).toBe(503);
  expect(r.body.message).toBe('تعذر إرسال الرسالة الآن. بياناتك محفوظة: حاول مرة أخرى بعد دقيقة.');
  expect(await t.db.selectFrom('users').select('id').where('phone', '=', '+201044445555').executeTakeFirst()).toBeDefined();
  mode = 'ok';
  // No cool-down after a failed send.
  const retry = await t.post('/api/auth/resend-code', { phone: input.phone, purpose: 'signup' });
  expect(retry.status).toBe(200);
  const code = received
    .at(-1)!
    .form.get('Body')!
    .match(/\b(\d{6})\b/)![1]!;
  expect((await t.post('/api/auth/verify-otp', { phone: input.phone, code })).status).toBe(200);
  await expect(lastCode(t.db, '+201044445555')).rejects.toThrow();
});
