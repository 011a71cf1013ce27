import { chromium } from '@playwright/test';
const [,, base, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run','--disable-sync'] });
const cart = process.env.CART;
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  if (cart) await context.addInitScript((c) => { if (!sessionStorage.getItem('seeded')) { localStorage.setItem('cart', c); sessionStorage.setItem('seeded', '1'); } }, cart);
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console error', width, m.text().slice(0, 200)); });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    if (process.env.MINI) await page.locator('[data-mini-cart] summary').click();
    if (process.env.ADD) { await page.locator('[data-cart-add]').first().click(); await page.waitForTimeout(700); }
    const name = `/tmp/shots-cart/${process.env.TAG ?? ''}${p.replace(/[^a-z0-9]+/gi, '_')}_${width}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name);
  }
  await context.close();
}
await browser.close();
