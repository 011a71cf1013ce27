import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto('http://127.0.0.1:4411/api/health');
await page.evaluate(() => localStorage.setItem('cart', JSON.stringify({ cartsProducts: [{ product: { id: 5, name: 'X', price: 1000, beforeDiscount: null, images: [], stock: 5 }, quantity: 2 }] })));
await page.goto('http://127.0.0.1:4411/en/about-us');
await page.waitForTimeout(500);
const d = page.locator('[data-mini-cart]');
await page.evaluate(() => document.querySelector('[data-mini-cart]').addEventListener('toggle', (e) => console.log('toggle', e.target.open)));
await d.locator('summary').click();
for (const t of [0, 300, 1500]) { await page.waitForTimeout(t); console.log(t, 'open', await d.evaluate((e) => e.open), 'items', await d.getByRole('listitem').count(), 'ssr', await page.locator('astro-island[component-url*="MiniCart"][ssr]').count()); }
await browser.close();
