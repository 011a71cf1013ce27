// JavaScript a page loads before any interaction, measured in a browser: every script the page fetches from
// navigation until the network is idle (a phone-sized viewport, nothing touched, consent already answered), plus its
// inline scripts. Two figures per page: the bytes on the wire (brotli, as the shop serves them) and gzip -9 of the same
// files and inline scripts (what `npm run size` counts, comparable across servers).
// Usage, against a running shop: node scripts/bench/js-before-interaction.mjs [base URL] [--files] [paths…]
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../chromium.mjs';

const args = process.argv.slice(2);
const listFiles = args.includes('--files');
const [base = 'http://127.0.0.1:4321', ...given] = args.filter((a) => a !== '--files');
const paths = given.length
  ? given
  : ['/en/', '/en/products?category=1', '/en/single-product/1', '/en/seller-profile/1', '/en/checkout/cart', '/en/blog'];
const kb = (bytes) => (bytes / 1024).toFixed(1);

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const path of paths) {
    const context = await browser.newContext({ viewport: { width: Number(process.env.WIDTH ?? 390), height: 844 } });
    await context.addInitScript(() => localStorage.setItem('consent', 'denied'));
    const page = await context.newPage();
    const pending = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const body = (await response?.body()) ?? Buffer.alloc(0);
          return {
            url: new URL(request.url()).pathname,
            wire: sizes.responseBodySize,
            gzip: gzipSync(body, { level: 9 }).length,
          };
        })(),
      );
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const scripts = await Promise.all(pending);
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((s) => !s.type || s.type === 'module' || s.type === 'text/javascript')
        .map((s) => s.textContent ?? '')
        .join('\n'),
    );
    const inlineGzip = gzipSync(inline, { level: 9 }).length;
    const wire = scripts.reduce((sum, s) => sum + s.wire, 0);
    const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0) + inlineGzip;
    console.log(
      `${path}: ${kb(gzip)} KB gzip (${kb(wire)} KB brotli on the wire + ${kb(inlineGzip)} KB inline), ${scripts.length} files`,
    );
    if (listFiles)
      for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(s.gzip).padStart(6)} KB  ${s.url}`);
    await context.close();
  }
} finally {
  await browser.close();
}
