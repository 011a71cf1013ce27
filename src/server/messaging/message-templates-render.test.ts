import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Locale } from '#i18n/locales.ts';
import type { MessageKind } from '#lib/messaging/replies.ts';
import type { TemplateKind } from '../config.ts';
import { composeOrderMessage, templateOf } from './order-messages.ts';
import type { ExtraFacts } from './order-message-facts.ts';

/**
 * The templates registered at Meta are the dictionary's words (issue 51): each template's body is rendered in both
 * languages with sample values, its filled values put back as {{1}}, {{2}}… (in the order the API sends them), and
 * compared with the body written in docs/messaging.md, "The templates as registered". The rendered text itself is read
 * as the shopper's phone shows it: no doubled punctuation after an amount, no numeric date, the brand first.
 */

const DOC = readFileSync(new URL('../../../docs/messaging.md', import.meta.url), 'utf8');

/** The doc's table rows: | `template` | language | body | buttons |. */
function registered(): Map<string, { body: string; buttons: string }> {
  const section = DOC.split('## The templates as registered')[1]?.split('\n## ')[0] ?? '';
  const rows = new Map<string, { body: string; buttons: string }>();
  for (const line of section.split('\n')) {
    const cells = /^\|\s*`(\w+)`\s*\|\s*(en|ar)\s*\|(.*)\|(.*)\|\s*$/.exec(line);
    if (cells) rows.set(`${cells[1]}:${cells[2]}`, { body: cells[3]!.trim(), buttons: cells[4]!.trim() });
  }
  return rows;
}

const base = { id: 1042, total: 125_050, created_at: '2026-11-30T10:00:00.000Z', delivery_days: 3 };
const link = 'https://tracking.example/t/BZ12345';
const samples: { kind: MessageKind; cash: number; extra?: ExtraFacts }[] = [
  { kind: 'confirm', cash: 125_050 },
  { kind: 'with_courier', cash: 125_050 },
  { kind: 'with_courier', cash: 125_050, extra: { trackingLink: link } },
  { kind: 'with_courier', cash: 0 },
  { kind: 'with_courier', cash: 0, extra: { trackingLink: link } },
  { kind: 'out_for_delivery', cash: 98_000 },
  { kind: 'out_for_delivery', cash: 0 },
  { kind: 'refund_paid', cash: 0, extra: { refund: { amount: 45_000, destination: 'wallet' } } },
  { kind: 'delivered', cash: 0 },
  { kind: 'rate_request', cash: 0, extra: { ratePath: '/en/profile/order-history#order-1042' } },
  { kind: 'failed_attempt', cash: 125_050 },
  {
    kind: 'payment_code',
    cash: 0,
    extra: { paymentCode: { code: '9876543210', amount: 125_050, expires_at: '2026-12-01T14:30:00.000Z' } },
  },
];

/**
 * The message as Meta would hold it: every filled value back as its {{n}}, wherever it stands in the sentence (the
 * payment code's date comes before its code); two equal values (the total and the cash) take their places in order.
 */
function asTemplate(body: string, params: string[]): string {
  const taken: { at: number; end: number; index: number }[] = [];
  params.forEach((value, index) => {
    let at = body.indexOf(value);
    while (at >= 0 && taken.some((t) => at < t.end && at + value.length > t.at)) at = body.indexOf(value, at + 1);
    expect(at, `parameter {{${index + 1}}} «${value}» is in the text`).toBeGreaterThanOrEqual(0);
    taken.push({ at, end: at + value.length, index });
  });
  let out = '';
  let from = 0;
  for (const t of taken.sort((a, b) => a.at - b.at)) {
    out += `${body.slice(from, t.at)}{{${t.index + 1}}}`;
    from = t.end;
  }
  return out + body.slice(from);
}

export function renderTemplates(): Map<string, { body: string; buttons: string; text: string }> {
  const rendered = new Map<string, { body: string; buttons: string; text: string }>();
  for (const locale of ['en', 'ar'] as Locale[]) {
    for (const sample of samples) {
      const order = { ...base, locale, cash_to_collect: sample.cash, ...sample.extra };
      const composed = composeOrderMessage(sample.kind, order);
      const template = templateOf(sample.kind, order) as TemplateKind;
      rendered.set(`${template}:${locale}`, {
        body: asTemplate(composed.body, composed.params),
        buttons: composed.replies.map((reply) => reply.title).join(' / ') || '—',
        text: composed.body,
      });
    }
  }
  return rendered;
}

describe('the WhatsApp templates registered at Meta are the dictionary’s words', () => {
  const rendered = renderTemplates();

  test('every template is written in docs/messaging.md in both languages, and nothing else is', () => {
    expect([...registered().keys()].sort()).toEqual([...rendered.keys()].sort());
    expect(rendered.size).toBe(24);
  });

  test.each([...rendered.keys()])('%s: the body and the buttons are the doc’s', (key) => {
    expect(rendered.get(key)!.body).toBe(registered().get(key)?.body);
    expect(rendered.get(key)!.buttons).toBe(registered().get(key)?.buttons);
  });

  // Meta refuses a template whose body starts or ends with a value, or sets two values side by side (issue 51).
  test.each([...rendered.keys()])('%s: words before the first value, after the last and between any two', (key) => {
    const { body } = rendered.get(key)!;
    const words = /[\p{L}]/u;
    expect(body.slice(0, body.indexOf('{{'))).toMatch(words);
    expect(body.slice(body.lastIndexOf('}}') + 2)).toMatch(words);
    for (const between of body.split(/\{\{\d+\}\}/).slice(1, -1)) expect(between).toMatch(words);
  });

  test.each([...rendered.keys()])('%s reads right on a phone', (key) => {
    const { text } = rendered.get(key)!;
    const bare = text.replace(/[\u2068\u2069]/g, '');
    // No abbreviation's dot beside the sentence's punctuation («ج.م.،», «ج.م..»), no numeric date, no "EGP 0".
    expect(bare).not.toMatch(/[.،,][.،,]/);
    expect(bare).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{2,4}/);
    expect(bare).not.toMatch(/EGP\s0\b|(?<![\d,.])0\sج\.م/);
    // The brand first: an Arabic message starts with an Arabic letter, so the phone lays it out right to left.
    expect(bare).toMatch(key.endsWith(':ar') ? /^بازار البن: / : /^Bean Bazaar: /);
  });
});

describe('the verification code by SMS', () => {
  test('an Arabic SMS starts with the brand in Arabic, the code isolated; the English one with the brand', async () => {
    const { smsText } = await import('../auth/otp.ts');
    const ar = smsText('ar', '279365');
    expect(ar).toMatch(/^بازار البن: /);
    expect(ar).toContain('\u2068279365\u2069');
    expect(smsText('en', '279365')).toMatch(/^Bean Bazaar: .*\u2068279365\u2069/);
  });
});
