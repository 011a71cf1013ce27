import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import bidiFactory from 'bidi-js';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import CallQueue, { type QueueRow } from '#desk/orders/CallQueue.tsx';
import { Filled } from '#islands/shared/Filled.tsx';
import { ar } from './ar.ts';
import { formatSignedMoney } from './format.ts';
import { FSI, interpolate, interpolateIsolated, PDI } from './interpolate.ts';

/**
 * Issue 35: the desk's filled ids, phones, prices and codes are isolated (one helper: <Filled> in markup,
 * interpolateIsolated() in plain strings), so "#", "+" and digit groups stay where they belong in Arabic. Desk
 * templates are rendered in Arabic and their text laid out by a real Unicode bidi implementation (bidi-js), then
 * read left to right as a screen shows it.
 */

const bidi = bidiFactory();

/** What a right-to-left line shows, read from left to right (isolate marks dropped once they did their work). */
function shown(logical: string): string {
  const levels = bidi.getEmbeddingLevels(logical, 'rtl');
  return bidi.getReorderedString(logical, levels).replace(/[\u2066-\u2069]/g, '');
}

/** A rendered element's text as the browser lays it out: <bdi> is a first-strong isolate, as in HTML. */
function textOf(html: string): string {
  return html
    .replace(/<bdi[^>]*>/g, FSI)
    .replace(/<\/bdi>/g, PDI)
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
}

const render = (element: ReactElement): string => renderToStaticMarkup(element);
const attribute = (html: string, name: string): string[] =>
  [...html.matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].map((m) => m[1] ?? '');

const PHONE = '+201012345678';

describe('desk templates in Arabic keep "#", "+" and groups in place', () => {
  test('the order heading: «#12» reads as typed, to the left of «الطلب»', () => {
    const line = shown(textOf(render(createElement(Filled, { template: ar.adminOrders.order.title, values: { id: '#12' } }))));
    expect(line).toContain('#12');
    // Arabic reads from the right: the word «الطلب» (shown reversed, left to right) is to the right of the id.
    expect(line.indexOf('#12')).toBeLessThan(line.indexOf('بلطلا'));
    // The page title (a plain string) gives the same line.
    expect(shown(interpolateIsolated(ar.adminOrders.order.title, { id: '#12' }))).toBe(line);
  });

  test('the call queue: the order id, the shopper phone and the call button label', () => {
    const row: QueueRow = {
      id: 12,
      ref: '#12',
      href: '/ar/admin/orders/12',
      shopper: 'منى علي',
      phone: PHONE,
      governorate: 'الجيزة',
      total: '150 ج.م.',
      placed: '26 نوفمبر 2026',
      attempts: 'محاولة واحدة',
      when: null,
      whatsapp: null,
      wrote: null,
    };
    const html = render(createElement(CallQueue, { locale: 'ar', text: ar.adminOrders.calls, rows: [row] }));
    const heading = shown(textOf(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(html)?.[1] ?? ''));
    expect(heading).toContain('#12');
    const link = /<a href="tel:[^"]*"[^>]*>([\s\S]*?)<\/a>/.exec(html)?.[1] ?? '';
    expect(shown(textOf(link))).toBe(PHONE);
    const label = attribute(html, 'aria-label').find((l) => l.includes(PHONE.slice(1))) ?? '';
    expect(shown(label)).toContain(PHONE);
    expect(shown(label).indexOf('+')).toBeLessThan(shown(label).indexOf('2010'));
  });

  test('a phone filled without the helper drifts: its "+" lands after the digits (the check can fail)', () => {
    const plain = shown(interpolate(ar.adminOrders.calls.callNow, { phone: PHONE }));
    expect(plain).not.toContain(PHONE);
    expect(plain).toContain('201012345678+');
    expect(shown(interpolateIsolated(ar.adminOrders.calls.callNow, { phone: PHONE }))).toContain(PHONE);
  });

  test('a space-grouped phone example keeps its groups in order; without the isolate they read in reverse', () => {
    expect(shown(ar.adminCash.errors.badPhone)).toContain('010 1234 5678');
    expect(shown('مثل 010 1234 5678.')).toContain('5678 1234 010');
  });

  test('a price, a coupon code and a refused order id in the desk read as typed', () => {
    const price = shown(interpolateIsolated(ar.adminCash.cash.confirmTitle, { amount: formatSignedMoney(-15000, 'ar') }));
    expect(price).toContain('−150');
    const code = shown(
      textOf(render(createElement(Filled, { template: ar.adminOrders.order.couponDiscount, values: { code: 'EID-25' } }))),
    );
    expect(code).toContain('EID-25');
    const refused = shown(
      textOf(
        render(
          createElement(Filled, { template: ar.adminOrders.list.bulkRefused, values: { id: '#7', message: 'لا يمكن نقله' } }),
        ),
      ),
    );
    expect(refused).toContain('#7');
  });
});

/** The desk's and the seller portal's templates and islands, as text (their `server/` folders draw nothing). */
function deskSources(): [string, string][] {
  const roots = ['src/pages/[locale]/admin', 'src/pages/[locale]/seller', 'src/desk', 'src/seller'].filter((root) =>
    existsSync(root),
  );
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'server') walk(path);
      } else if (/\.(astro|tsx|ts)$/.test(name) && !name.endsWith('.test.ts')) files.push(path);
    }
  };
  roots.forEach(walk);
  return files.map((file) => [file, readFileSync(file, 'utf8')]);
}

/** A plain interpolate() that fills an id, a phone, a price or a code (they go through the helper instead). */
const plainFill = /\binterpolate\(\s*[^;]*?\{\s*(?:id|ref|order|phone|mobile|code|sku|amount|balance|total)\s*[:,}]/;

describe('desk templates fill ids, phones, prices and codes through the one helper', () => {
  test('no plain interpolate() with such a value under the desk', () => {
    const offenders = deskSources()
      .flatMap(([file, text]) => text.split('\n').map((line, i) => [file, i + 1, line] as const))
      // A value isolated in place (a list of ids, each through isolate()) is fine.
      .filter(([, , line]) => plainFill.test(line) && !line.includes('isolate('))
      .map(([file, n, line]) => `${file}:${n}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  test('the check fires on a planted plain fill', () => {
    expect(plainFill.test('title={interpolate(o.title, { id: ref })}')).toBe(true);
    expect(plainFill.test('interpolate(text.callNow, { phone: row.phone })')).toBe(true);
    expect(plainFill.test('interpolateIsolated(o.title, { id: ref })')).toBe(false);
  });
});
