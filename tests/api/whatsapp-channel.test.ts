import { describe, expect, test } from 'vitest';
import { MessageSendError } from '../../src/server/messaging/channel.ts';
import { messageRequest, WhatsappCloudChannel, type Fetch } from '../../src/server/messaging/whatsapp-cloud.ts';
import { signWebhookBody, webhookSignatureValid } from '../../src/server/messaging/whatsapp-signature.ts';
import { webhookEvents } from '../../src/server/messaging/inbound.ts';

/**
 * Contract tests of the WhatsApp Cloud API shapes (issue 37) against Meta's documentation: the template send
 * (POST /{version}/{phone-number-id}/messages), the webhook's button reply and statuses, and the X-Hub-Signature-256
 * signature. The adapter is handed a stub fetch: no test reaches Meta.
 */
const config = {
  token: 'EAAG-test-token',
  phoneNumberId: '106540352242922',
  appSecret: 'app-secret',
  verifyToken: 'verify-me',
  apiVersion: 'v21.0',
  baseUrl: 'https://graph.facebook.com',
  templates: {
    confirm: 'cod_order_confirmation',
    with_courier: 'a',
    delivered: 'b',
    failed_attempt: 'c',
    payment_code: 'order_payment_code',
    with_courier_tracking: 'order_with_courier_tracking',
    out_for_delivery: 'order_out_for_delivery',
    refund_paid: 'order_refund_paid',
    with_courier_paid: 'order_with_courier_paid',
    with_courier_tracking_paid: 'order_with_courier_tracking_paid',
    out_for_delivery_paid: 'order_out_for_delivery_paid',
    rate_request: 'order_rate_request',
  },
  languages: { en: 'en', ar: 'ar_EG' },
};

const confirmation = {
  to: '+201001234567',
  text: 'ignored for a template',
  template: {
    name: 'cod_order_confirmation',
    language: 'ar_EG',
    body: ['#12', 'EGP 650.00', 'EGP 650.00', 'Nov 28, 2026'],
    replies: [
      { payload: 'order:12:confirm', title: 'Confirm' },
      { payload: 'order:12:change_address', title: 'Change address' },
      { payload: 'order:12:cancel', title: 'Cancel order' },
    ],
  },
};

describe('sending a template', () => {
  test('the request is the documented template message with quick-reply payloads', () => {
    expect(messageRequest(confirmation)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '201001234567',
      type: 'template',
      template: {
        name: 'cod_order_confirmation',
        language: { code: 'ar_EG' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '#12' },
              { type: 'text', text: 'EGP 650.00' },
              { type: 'text', text: 'EGP 650.00' },
              { type: 'text', text: 'Nov 28, 2026' },
            ],
          },
          { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'order:12:confirm' }] },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '1',
            parameters: [{ type: 'payload', payload: 'order:12:change_address' }],
          },
          { type: 'button', sub_type: 'quick_reply', index: '2', parameters: [{ type: 'payload', payload: 'order:12:cancel' }] },
        ],
      },
    });
  });

  test('the payment code is a template with four body parameters and no buttons', () => {
    const code = {
      to: '+201001234567',
      text: 'ignored for a template',
      template: {
        name: 'order_payment_code',
        language: 'en',
        body: ['#12', '81234567', 'EGP 600.00', 'November 28, 2026 at 12:30 PM'],
        replies: [],
      },
    };
    expect(messageRequest(code)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '201001234567',
      type: 'template',
      template: {
        name: 'order_payment_code',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '#12' },
              { type: 'text', text: '81234567' },
              { type: 'text', text: 'EGP 600.00' },
              { type: 'text', text: 'November 28, 2026 at 12:30 PM' },
            ],
          },
        ],
      },
    });
  });

  test('without a template it is a text message (the answer inside the 24-hour window)', () => {
    expect(messageRequest({ to: '+201001234567', text: 'Thank you', template: null })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '201001234567',
      type: 'text',
      text: { preview_url: false, body: 'Thank you' },
    });
  });

  test('posts to the phone number’s messages edge with the bearer token and keeps the wamid', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const stub: Fetch = async (url, init) => {
      calls.push({ url, init });
      return Response.json({
        messaging_product: 'whatsapp',
        contacts: [{ input: '201001234567', wa_id: '201001234567' }],
        messages: [{ id: 'wamid.HBgLMjAxMDAxMjM0NTY3FQIAERgSQ0E', message_status: 'accepted' }],
      });
    };
    const sent = await new WhatsappCloudChannel(config, stub).send(confirmation);
    expect(sent).toEqual({ provider: 'cloud', providerMessageId: 'wamid.HBgLMjAxMDAxMjM0NTY3FQIAERgSQ0E' });
    expect(calls[0]!.url).toBe('https://graph.facebook.com/v21.0/106540352242922/messages');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer EAAG-test-token');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual(messageRequest(confirmation));
  });

  test('a number not on WhatsApp is not retried; throttling and Meta’s own errors are', async () => {
    const answer =
      (status: number, code: number): Fetch =>
      async () =>
        Response.json({ error: { message: 'x', type: 'OAuthException', code, fbtrace_id: 'A' } }, { status });
    const refused = await new WhatsappCloudChannel(config, answer(400, 131026)).send(confirmation).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MessageSendError);
    expect((refused as MessageSendError).retryable).toBe(false);
    const throttled = await new WhatsappCloudChannel(config, answer(429, 130429)).send(confirmation).catch((e: unknown) => e);
    expect((throttled as MessageSendError).retryable).toBe(true);
    const down = await new WhatsappCloudChannel(config, async () => {
      throw new TypeError('fetch failed');
    })
      .send(confirmation)
      .catch((e: unknown) => e);
    expect((down as MessageSendError).retryable).toBe(true);
  });
});

describe('the webhook signature', () => {
  test('is HMAC-SHA256 of the raw body with the app secret (a known vector)', () => {
    // RFC 4231-style check value: HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog").
    const body = 'The quick brown fox jumps over the lazy dog';
    expect(signWebhookBody('key', body)).toBe('sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
    expect(webhookSignatureValid('key', body, 'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8')).toBe(
      true,
    );
  });
  test('refuses another secret, a body changed by one byte, a missing or truncated header', () => {
    const body = '{"object":"whatsapp_business_account"}';
    const signature = signWebhookBody('app-secret', body);
    expect(webhookSignatureValid('other-secret', body, signature)).toBe(false);
    expect(webhookSignatureValid('app-secret', body.replace('}', ' }'), signature)).toBe(false);
    expect(webhookSignatureValid('app-secret', body, undefined)).toBe(false);
    expect(webhookSignatureValid('app-secret', body, signature.slice(0, -1))).toBe(false);
  });
});

describe('the webhook’s documented shapes', () => {
  test('a button reply and delivered/read/failed statuses are read from entry → changes → value', () => {
    const events = webhookEvents({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '201001234567' }],
                messages: [
                  {
                    context: { from: '15550783881', id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJCMkY2QzM1QjQ1OTRBODE4RkIA' },
                    from: '201001234567',
                    id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUZCMTY0MDc2MUYwNzBDNTY5MAA=',
                    timestamp: '1712595443',
                    type: 'button',
                    button: { payload: 'order:12:confirm', text: 'Confirm' },
                  },
                ],
              },
            },
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                statuses: [
                  { id: 'wamid.A', status: 'delivered', timestamp: '1712595444', recipient_id: '201001234567' },
                  { id: 'wamid.A', status: 'read', timestamp: '1712595445', recipient_id: '201001234567' },
                  {
                    id: 'wamid.B',
                    status: 'failed',
                    timestamp: '1712595446',
                    recipient_id: '201001234567',
                    errors: [{ code: 131026, title: 'Message undeliverable' }],
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(events.messages.map((m) => m.button?.payload)).toEqual(['order:12:confirm']);
    expect(events.statuses.map((s) => s.status)).toEqual(['delivered', 'read', 'failed']);
  });
});
