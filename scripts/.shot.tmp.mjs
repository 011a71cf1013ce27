import { chromium } from '@playwright/test';
const [,, base, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run','--disable-sync'] });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
  page.on('console', (m) => { if (m.type() === 'error') console.log('console error', width, m.text().slice(0, 200)); });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const name = `/tmp/shots-content/${p.replace(/[^a-z0-9]+/gi, '_')}_${width}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name);
  }
  await page.close();
}
await browser.close();
