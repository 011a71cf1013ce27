import { chromium } from '@playwright/test';
const [,, url, width = '390', height = '844'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
await page.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(3), src: e.sources.map((s) => { const n = s.node; return n ? `${n.nodeName}.${(n.className?.baseVal ?? n.className ?? '').toString().slice(0,60)} ${JSON.stringify(s.previousRect.y)}→${JSON.stringify(s.currentRect.y)}` : '?'; }) }); }).observe({ type: 'layout-shift', buffered: true });
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
console.log(JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
await browser.close();
