import type { Page } from '@playwright/test';
import { SELLER_COOKIE } from '../../src/core/actors/server/seller-sessions.ts';
import { expect } from './fixtures.ts';
import { deskTest, e2eCourier, e2eDeskEntry, e2ePartnerApplication, e2eProduct, placeCodOrder } from './admin-support.ts';
import { e2eCouponId } from './login.ts';
import { e2eDemoSellerOwner, placeTwoSellerOrder } from './seller-support.ts';
import { adminTemplates } from './templates.ts';
import { DEMO_SHOPPERS } from '../../src/server/db/seed/demo-reviews.ts';

/**
 * Issue 51: no English word, code or raw dictionary key on any Arabic page of the desk or the seller portal. One page
 * load per template, signed in as the owner (every desk page) and as a seller's owner (every portal page); what the
 * page shows is read from its text (not the markup), and every Latin word in it must be a name the allow-list knows or
 * stand inside a <bdi> (an id, an e-mail, a code or a name typed in Latin, isolated on purpose). Every "#" of an id and
 * "+" of a phone is also measured where it is drawn.
 */

/** Brand names, units and file formats an Arabic page names in Latin letters. */
const ALLOWED = new Set(
  (
    'SMS CSV JSON PDF PNG JPEG JPG WebP AVIF SVG UTF-8 EGP ' +
    'PayTabs OPay Paymob Fawry Bosta InstaPay Meta WhatsApp Google Microsoft Authenticator iOS Android iPhone iPad Safari Chrome ' +
    // Coffee grades, written so in Arabic product names too («كينيا نييري AA»).
    'AA AB PB SHB SHG G1 G2'
  ).split(' '),
);
/** Brand names of more than one word, or with a sign in them (the payment methods' own spelling). */
const BRAND_PHRASES = /Apple Pay|WE Pay|e& money|valU|TRU|meeza|souhoola|VISA|Mastercard/g;
/**
 * What the e2e fixtures type in Latin letters: a shopper's and a courier's name, an address, a partner's brand, a
 * product's tag, an uploaded file's name. Data, not the desk's words (a sweep of the data's own isolation is the
 * bidi render test's).
 */
const FIXTURE_DATA = /^(?:Mona|Adel|Karim|Hany|Road|Maadi|Cairo|Home|Delta|Roasters|[0-9a-f]{4,10}|[\w-]+\.pdf)$/;
/** The couriers other journeys name (admin-cash.spec.ts: «Cash 1a2b3c»), whole, so "Cash" alone is still English. */
const FIXTURE_NAMES = /\bCash [0-9a-f]{6}\b/g;
/** The demo's shoppers (their names as they typed them, in Latin letters: src/server/db/seed/demo-reviews.ts). */
const DEMO_NAMES = new Set(DEMO_SHOPPERS.flat());
const LATIN = /[0-9]*[A-Za-z][A-Za-z0-9_]*(?:[.:\-/@][A-Za-z0-9_]+)*/g;
/** A value isolated in a plain string (U+2066-U+2068 … U+2069): a code, an example or a name kept whole on purpose. */
const ISOLATED = /[\u2066-\u2068][^\u2069]*\u2069/g;

/** The page's visible text outside <bdi>, <code> and hidden parts, with the Latin words the allow-list does not know. */
async function englishOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    // Another language's text says so (the language switch's «English», an English field of a bilingual editor).
    const skip =
      'script,style,noscript,template,svg,bdi,code,kbd,samp,pre,[hidden],[aria-hidden="true"],[dir="ltr"],[lang]:not([lang|="ar"])';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest(skip)) continue;
      if (parent.tagName !== 'OPTION' && !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      out.push(text);
    }
    for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'))
      if (!field.closest('[dir="ltr"]') && field.dir !== 'ltr') out.push(field.placeholder);
    return out;
  });
  return texts.flatMap((text) =>
    [...text.replace(ISOLATED, ' ').replace(BRAND_PHRASES, ' ').replace(FIXTURE_NAMES, ' ').matchAll(LATIN)]
      .map((m) => m[0])
      .filter(
        (word) =>
          !ALLOWED.has(word) &&
          !FIXTURE_DATA.test(word) &&
          !DEMO_NAMES.has(word) &&
          !/^[^@\s]+@[^@\s]+$/.test(word) &&
          !/^https?:/.test(word),
      )
      .map((word) => `${word}  ←  «${text.slice(0, 90)}»`),
  );
}

/**
 * Where each "#" of an id and "+" of a phone is drawn, by geometry (issue 51's bidi render check): in front of its
 * digits, on their left, as typed. An id or a phone left bare inside Arabic draws «12#» or «20 100…+».
 */
async function misplacedMarks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const x = (node: Text, at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[#+](?=\d)/g)) {
        const mark = x(node, match.index);
        const digit = x(node, match.index + 1);
        // Not drawn (hidden), or the digit wrapped to the next line: nothing to compare.
        if (!mark.width || !digit.width || Math.abs(mark.top - digit.top) > 2) continue;
        if (mark.left > digit.left) out.push(`«${text.trim().slice(0, 60)}»: its ${match[0]} is drawn after its digits`);
      }
    }
    return out;
  });
}

deskTest.describe('Arabic desk and seller portal: no English left', () => {
  // The desk's crawl and the portal's share nothing: one on each worker (playwright.config.ts runs them first).
  deskTest.describe.configure({ mode: 'parallel' });
  deskTest.beforeEach(({ shopLocale }) => {
    deskTest.skip(shopLocale !== 'ar', 'the Arabic pages only');
    deskTest.setTimeout(180_000);
  });

  deskTest('every desk page, signed in as the owner', async ({ page, at, deskAs }) => {
    const order = await placeCodOrder(page.request, e2eProduct(5), 1);
    const fill = async (path: string) => {
      let target = path
        .replaceAll('{order}', String(order.id))
        .replaceAll('{customer}', String(order.shopper.id))
        .replaceAll('{courier}', String(e2eCourier().id))
        .replaceAll('{coupon}', String(e2eCouponId()))
        .replaceAll('{product}', String(e2eProduct(3)));
      if (target.includes('{application}')) target = target.replaceAll('{application}', String(e2ePartnerApplication()));
      const kind = /\/admin\/content\/(?:preview\/)?(articles|recipes|offers)\/\{entry\}/.exec(path)?.[1];
      if (kind) target = target.replaceAll('{entry}', await e2eDeskEntry(page.request, kind as 'articles'));
      return target;
    };
    const found: string[] = [];
    for (const { path } of adminTemplates.filter((t) => t.guest)) {
      await page.goto(at(await fill(path)));
      found.push(...(await englishOn(page)).map((line) => `${path} (guest): ${line}`));
    }
    await deskAs(page, 'owner');
    for (const { path } of adminTemplates.filter((t) => !t.guest)) {
      await page.goto(at(await fill(path)));
      await page.waitForLoadState('networkidle');
      found.push(...(await englishOn(page)).map((line) => `${path}: ${line}`));
      found.push(...(await misplacedMarks(page)).map((line) => `${path}: ${line}`));
    }
    expect(found).toEqual([]);
  });

  deskTest('every seller portal page, signed in as the seller’s owner', async ({ page, at, baseURL }) => {
    const seller = await e2eDemoSellerOwner();
    const orderId = await placeTwoSellerOrder(page.request, [seller.productId]);
    // The portal's page is the seller's part of the order, by the part's own id (not the order's).
    const parts = await page.request.get(`${baseURL}/api/seller/parts`, {
      headers: { cookie: `${SELLER_COOKIE}=${seller.token}` },
    });
    const partId = ((await parts.json()) as { data: { items: { id: number; orderId: number }[] } }).data.items.find(
      (part) => part.orderId === orderId,
    )!.id;
    const found: string[] = [];
    for (const path of ['/seller/login', '/seller/accept-invite?token=no-such-invitation']) {
      await page.goto(at(path));
      found.push(...(await englishOn(page)).map((line) => `${path} (guest): ${line}`));
    }
    await page.context().addCookies([{ name: SELLER_COOKIE, value: seller.token, url: baseURL! }]);
    const pages = [
      '/seller',
      '/seller/orders',
      `/seller/orders/${partId}`,
      '/seller/products',
      `/seller/products/${seller.productId}`,
      '/seller/products/new',
      '/seller/products/import',
      '/seller/payouts',
      '/seller/statement',
      '/seller/team',
      '/seller/account',
    ];
    for (const path of pages) {
      const response = await page.goto(at(path));
      expect(response?.status(), path).toBe(200);
      await page.waitForLoadState('networkidle');
      found.push(...(await englishOn(page)).map((line) => `${path}: ${line}`));
      found.push(...(await misplacedMarks(page)).map((line) => `${path}: ${line}`));
    }
    expect(found).toEqual([]);
  });
});
