import { expect, test } from 'vitest';
import { demoNotice, productionProblems, serverConfig } from './config.ts';

const secret = 'x'.repeat(32);

test('demo (no NODE_ENV): sandbox payments, the SMS outbox echoed to the log, the origin from HOST and PORT', () => {
  const config = serverConfig({ PORT: '4410' });
  expect(config).toMatchObject({ production: false, sandboxPayments: true, smsOutbox: true, smsEchoToLog: true });
  expect(config.publicOrigin).toBe('http://127.0.0.1:4410');
  expect(serverConfig({ HOST: '0.0.0.0' }).publicOrigin).toBe('http://127.0.0.1:4321');
  expect(productionProblems({})).toEqual([]);
  expect(demoNotice(config)).toContain('anyone can approve a card payment');
});

test('the public origin and the hosts served come from configuration only', () => {
  const config = serverConfig({
    SITE_URL: 'https://beanbazaar.example/shop/',
    ALLOWED_HOSTS: 'www.beanbazaar.example, Admin.Example ',
  });
  expect(config.publicOrigin).toBe('https://beanbazaar.example');
  expect([...config.allowedHosts].sort()).toEqual(
    ['beanbazaar.example', 'www.beanbazaar.example', 'admin.example', 'localhost', '127.0.0.1', '[::1]'].sort(),
  );
  expect(() => serverConfig({ SITE_URL: 'ftp://x.example' })).toThrow(/http\(s\) origin/);
});

test('a production start is refused with the sandbox, a missing origin, a missing token secret or codes going nowhere', () => {
  expect(productionProblems({ NODE_ENV: 'production' })).toEqual([
    'SITE_URL is not set: payment, SMS and e-mail links need the public origin.',
    'AUTH_TOKEN_SECRET is not set (at least 32 characters): sessions would end with the process.',
    'STAFF_SECRET_KEY is not set (at least 32 characters): staff TOTP secrets and recovery codes need their own key.',
    'SMS_PROVIDER is not set: sign-up and reset codes would reach no phone (set SMS_PROVIDER=twilio).',
  ]);
  const ready = {
    NODE_ENV: 'production',
    SITE_URL: 'https://beanbazaar.example',
    AUTH_TOKEN_SECRET: secret,
    STAFF_SECRET_KEY: 'k'.repeat(32),
    SMS_PROVIDER: 'twilio',
  };
  expect(productionProblems(ready)).toEqual([]);
  expect(productionProblems({ ...ready, PAYMENTS_SANDBOX: '1' })).toEqual([
    'PAYMENTS_SANDBOX=1: the sandbox lets anyone approve a card payment.',
  ]);
  expect(productionProblems({ ...ready, SITE_URL: 'http://beanbazaar.example' })).toEqual([
    'SITE_URL must be https in production.',
  ]);
  expect(productionProblems({ ...ready, AUTH_TOKEN_SECRET: 'short' })).toHaveLength(1);
  expect(productionProblems({ ...ready, STAFF_SECRET_KEY: 'short' })).toEqual([
    'STAFF_SECRET_KEY is not set (at least 32 characters): staff TOTP secrets and recovery codes need their own key.',
  ]);
  expect(productionProblems({ ...ready, ENABLE_TEST_FAULTS: '1' })).toEqual(['ENABLE_TEST_FAULTS=1 is for tests only.']);
  // In production the outbox never echoes codes, and test faults are off whatever is set.
  expect(serverConfig({ ...ready, SMS_PROVIDER: undefined, ENABLE_TEST_FAULTS: '1' })).toMatchObject({
    smsEchoToLog: false,
    testFaults: false,
  });
});

test('issue 36: metrics are off until a port is named, on loopback by default; a wider bind needs a long token in production', () => {
  expect(serverConfig({}).metrics).toEqual({ port: 0, host: '127.0.0.1', token: undefined });
  expect(serverConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 't'.repeat(40) }).metrics).toEqual({
    port: 9464,
    host: '127.0.0.1',
    token: 't'.repeat(40),
  });
  expect(() => serverConfig({ METRICS_PORT: '70000' })).toThrow();
  const ready = {
    NODE_ENV: 'production',
    SITE_URL: 'https://beanbazaar.example',
    AUTH_TOKEN_SECRET: secret,
    STAFF_SECRET_KEY: 'k'.repeat(32),
    SMS_PROVIDER: 'twilio',
  };
  expect(productionProblems({ ...ready, METRICS_PORT: '9464' })).toEqual([]);
  expect(productionProblems({ ...ready, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toEqual([
    'METRICS_HOST=0.0.0.0 opens the metrics beyond this machine: set METRICS_TOKEN (at least 32 characters).',
  ]);
  expect(productionProblems({ ...ready, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'short' })).toHaveLength(1);
  expect(productionProblems({ ...ready, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: secret })).toEqual([]);
});

test('issue 36: logs are JSON at info unless told; a format or level the logger does not know is refused', () => {
  expect(serverConfig({}).log).toEqual({ format: 'json', level: 'info' });
  expect(serverConfig({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' }).log).toEqual({ format: 'pretty', level: 'debug' });
  expect(() => serverConfig({ LOG_FORMAT: 'xml' })).toThrow();
  expect(() => serverConfig({ LOG_LEVEL: 'chatty' })).toThrow();
});

test('Paymob: all keys and an integration id make it live; half a set, mixed modes or a bad id refuse a production start', () => {
  const ready = {
    NODE_ENV: 'production',
    SITE_URL: 'https://beanbazaar.example',
    AUTH_TOKEN_SECRET: secret,
    STAFF_SECRET_KEY: 'k'.repeat(32),
    SMS_PROVIDER: 'twilio',
  };
  const paymob = {
    PAYMOB_SECRET_KEY: 'egy_sk_live_abc',
    PAYMOB_PUBLIC_KEY: 'egy_pk_live_def',
    PAYMOB_HMAC_SECRET: 'HMACSECRET',
    PAYMOB_INTEGRATION_WALLET: '4000002',
  };
  expect(productionProblems({ ...ready, ...paymob })).toEqual([]);
  expect(serverConfig({ ...ready, ...paymob }).paymob).toMatchObject({
    baseUrl: 'https://accept.paymob.com',
    integrations: { wallet: 4000002 },
  });
  expect(productionProblems({ ...ready, PAYMOB_SECRET_KEY: 'egy_sk_live_abc' })).toEqual([
    'Paymob is half configured: PAYMOB_PUBLIC_KEY, PAYMOB_HMAC_SECRET missing.',
    'Paymob has no integration id: set PAYMOB_INTEGRATION_WALLET, _KIOSK, _CARD, _VALU or _SOUHOOLA.',
  ]);
  expect(productionProblems({ ...ready, ...paymob, PAYMOB_PUBLIC_KEY: 'egy_pk_test_def' })).toEqual([
    'PAYMOB_SECRET_KEY and PAYMOB_PUBLIC_KEY mix a test key with a live one.',
  ]);
  expect(productionProblems({ ...ready, ...paymob, PAYMOB_INTEGRATION_KIOSK: 'kiosk' })).toEqual([
    'PAYMOB_INTEGRATION_KIOSK must be a Paymob integration id (digits), not "kiosk".',
  ]);
  // A half-configured provider is never used, even outside production.
  expect(serverConfig({ PAYMOB_SECRET_KEY: 'egy_sk_test_abc' }).paymob).toBeUndefined();
});

test('Fawry: both keys make it live; one without the other refuses a production start', () => {
  const ready = {
    NODE_ENV: 'production',
    SITE_URL: 'https://beanbazaar.example',
    AUTH_TOKEN_SECRET: secret,
    STAFF_SECRET_KEY: 'k'.repeat(32),
    SMS_PROVIDER: 'twilio',
  };
  expect(serverConfig({ FAWRY_MERCHANT_CODE: 'M', FAWRY_SECURITY_KEY: 'K' }).fawry).toEqual({
    merchantCode: 'M',
    securityKey: 'K',
    baseUrl: 'https://www.atfawry.com',
  });
  expect(productionProblems({ ...ready, FAWRY_MERCHANT_CODE: 'M' })).toEqual([
    'Fawry is half configured: FAWRY_SECURITY_KEY missing.',
  ]);
});

test('production refuses WhatsApp turned on with anything missing, naming what, and the demo messaging mode', () => {
  const ready = {
    NODE_ENV: 'production',
    SITE_URL: 'https://beanbazaar.example',
    AUTH_TOKEN_SECRET: secret,
    STAFF_SECRET_KEY: 'k'.repeat(32),
    SMS_PROVIDER: 'twilio',
  };
  expect(serverConfig(ready).messaging.mode).toBe('off');
  expect(productionProblems({ ...ready, MESSAGING: 'whatsapp', WHATSAPP_TOKEN: 't', WHATSAPP_APP_SECRET: 's' })).toEqual([
    'MESSAGING=whatsapp needs WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_VERIFY_TOKEN, WHATSAPP_TEMPLATE_CONFIRM, WHATSAPP_TEMPLATE_WITH_COURIER, WHATSAPP_TEMPLATE_DELIVERED, WHATSAPP_TEMPLATE_FAILED_ATTEMPT, WHATSAPP_TEMPLATE_PAYMENT_CODE, WHATSAPP_TEMPLATE_WITH_COURIER_TRACKING, WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY, WHATSAPP_TEMPLATE_REFUND_PAID, WHATSAPP_TEMPLATE_WITH_COURIER_PAID, WHATSAPP_TEMPLATE_WITH_COURIER_TRACKING_PAID, WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY_PAID, WHATSAPP_TEMPLATE_RATE_REQUEST.',
  ]);
  const whatsapp = {
    ...ready,
    MESSAGING: 'whatsapp',
    WHATSAPP_TOKEN: 't',
    WHATSAPP_PHONE_NUMBER_ID: '1065',
    WHATSAPP_APP_SECRET: 's',
    WHATSAPP_VERIFY_TOKEN: 'v',
    WHATSAPP_TEMPLATE_CONFIRM: 'cod_confirm',
    WHATSAPP_TEMPLATE_WITH_COURIER: 'with_courier',
    WHATSAPP_TEMPLATE_DELIVERED: 'delivered',
    WHATSAPP_TEMPLATE_FAILED_ATTEMPT: 'failed',
    WHATSAPP_TEMPLATE_PAYMENT_CODE: 'kiosk_code',
    WHATSAPP_TEMPLATE_WITH_COURIER_TRACKING: 'with_courier_tracking',
    WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY: 'out_for_delivery',
    WHATSAPP_TEMPLATE_REFUND_PAID: 'refund_paid',
    WHATSAPP_TEMPLATE_WITH_COURIER_PAID: 'with_courier_paid',
    WHATSAPP_TEMPLATE_WITH_COURIER_TRACKING_PAID: 'with_courier_tracking_paid',
    WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY_PAID: 'out_for_delivery_paid',
    WHATSAPP_TEMPLATE_RATE_REQUEST: 'rate_request',
    WHATSAPP_LANGUAGE_AR: 'ar_EG',
  };
  expect(productionProblems(whatsapp)).toEqual([]);
  // The payment code's template (issue 39) is as required as the others: without it WhatsApp is not turned on.
  expect(productionProblems({ ...whatsapp, WHATSAPP_TEMPLATE_PAYMENT_CODE: '' })).toEqual([
    'MESSAGING=whatsapp needs WHATSAPP_TEMPLATE_PAYMENT_CODE.',
  ]);
  expect(serverConfig(whatsapp).messaging.whatsapp).toMatchObject({
    templates: { confirm: 'cod_confirm', payment_code: 'kiosk_code', out_for_delivery: 'out_for_delivery' },
    languages: { en: 'en', ar: 'ar_EG' },
  });
  expect(productionProblems({ ...ready, MESSAGING: 'demo' })).toEqual([
    'MESSAGING=demo: order messages would reach no phone, and the demo webhook secret is public.',
  ]);
});

test('outside production each template has the name docs/messaging.md asks to register', () => {
  expect(serverConfig({}).messaging.whatsapp.templates).toEqual({
    confirm: 'cod_order_confirmation',
    with_courier: 'order_with_courier',
    delivered: 'order_delivered',
    failed_attempt: 'order_delivery_failed',
    payment_code: 'order_payment_code',
    with_courier_tracking: 'order_with_courier_tracking',
    out_for_delivery: 'order_out_for_delivery',
    refund_paid: 'order_refund_paid',
    with_courier_paid: 'order_with_courier_paid',
    with_courier_tracking_paid: 'order_with_courier_tracking_paid',
    out_for_delivery_paid: 'order_out_for_delivery_paid',
    rate_request: 'order_rate_request',
  });
});

test('Web Push: the demo keys outside production, none in production unless all are set; half a configuration refused', () => {
  const ready = {
    NODE_ENV: 'production',
    SITE_URL: 'https://beanbazaar.example',
    AUTH_TOKEN_SECRET: secret,
    STAFF_SECRET_KEY: 'k'.repeat(32),
    SMS_PROVIDER: 'twilio',
  };
  expect(serverConfig({}).push).toMatchObject({ demo: true, subject: expect.stringMatching(/^mailto:/) });
  expect(serverConfig(ready).push).toBeUndefined();
  expect(productionProblems(ready)).toEqual([]);
  const publicKey = `B${'a'.repeat(86)}`;
  const privateKey = 'p'.repeat(43);
  expect(productionProblems({ ...ready, VAPID_PUBLIC_KEY: publicKey })).toEqual([
    'Web Push is half configured: VAPID_PRIVATE_KEY missing.',
  ]);
  expect(productionProblems({ ...ready, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey })).toEqual([
    'VAPID_SUBJECT is not set: push services need a contact.',
  ]);
  expect(
    productionProblems({ ...ready, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'shop@example' }),
  ).toEqual([
    'VAPID_PUBLIC_KEY is not a base64url P-256 public key.',
    'VAPID_SUBJECT must be a mailto: address or an https URL.',
  ]);
  const keyed = {
    ...ready,
    VAPID_PUBLIC_KEY: publicKey,
    VAPID_PRIVATE_KEY: privateKey,
    VAPID_SUBJECT: 'mailto:ops@beanbazaar.example',
  };
  expect(productionProblems(keyed)).toEqual([]);
  expect(serverConfig(keyed).push).toEqual({ publicKey, privateKey, subject: 'mailto:ops@beanbazaar.example', demo: false });
});
