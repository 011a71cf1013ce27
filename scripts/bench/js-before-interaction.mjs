// JavaScript a page loads before any interaction, as a browser measures it: every script response (compressed bytes
// on the wire, as the server sends them with Accept-Encoding: br) from navigation until the network is idle, on a
// phone-sized viewport, nothing touched. Usage: node scripts/bench/js-before-interaction.mjs [base URL] [paths…]
// against a running shop (`npm start`); prints one line per page and the files. docs/benchmarks.md has the figures.
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../chromium.mjs';

const [base = 'http://127.0.0.1:4321', ...given] = process.argv.slice(2);
const paths = given.length
  ? given
  : ['/en/', '/en/products?category=1', '/en/single-product/1', '/en/checkout/cart', '/en/seller-profile/1', '/en/blog'];

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const path of paths) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // The consent question answered, as most returning visitors have (the banner's own script is not counted then).
    await context.addInitScript(() => localStorage.setItem('consent', 'denied'));
    const page = await context.newPage();
    const scripts = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const sizes = await request.sizes();
      scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((s) => !s.type || s.type === 'module' || s.type === 'text/javascript')
        .reduce((sum, s) => sum + (s.textContent?.length ?? 0), 0),
    );
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    console.log(
      `${path}: ${(total / 1024).toFixed(1)} KB in ${scripts.length} files (+ ${(inline / 1024).toFixed(1)} KB inline, uncompressed)`,
    );
    for (const s of scripts.sort((a, b) => b.bytes - a.bytes))
      console.log(`    ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.url}`);
    await context.close();
  }
} finally {
  await browser.close();
}
