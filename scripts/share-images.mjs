// `node scripts/share-images.mjs`: draws the shop's raster share images with the system Chromium and writes them to
// public/share/ (committed; run again when the brand changes). Social networks and messaging apps do not show SVG
// share images, so pages without a picture of their own share og-default.png (1200 × 630), and structured data names
// logo-512.png as the publisher's logo. See docs/decisions/012-raster-share-images.md.
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

const logo = readFileSync('public/favicon.svg', 'utf8');
const card = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;display:flex;align-items:center;gap:48px;padding:0 96px;box-sizing:border-box;
  background:linear-gradient(135deg,#6b3f24,#2b1a10);color:#f2e8dc;font-family:'DejaVu Sans',Arial,sans-serif">
  <div style="width:220px;height:220px;flex:none">${logo.replace('<svg ', '<svg width="220" height="220" ')}</div>
  <div><div style="font-size:88px;font-weight:700">Bean Bazaar</div>
  <div style="font-size:56px;font-weight:700;margin-top:8px" dir="rtl">بازار البن</div>
  <div style="font-size:34px;margin-top:28px;color:#e3cfb8">Specialty coffee, gear and gifts in Egypt</div></div>
</div></body></html>`;

mkdirSync('public/share', { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(card);
await page.screenshot({ path: 'public/share/og-default.png' });
await page.setViewportSize({ width: 512, height: 512 });
await page.setContent(`<body style="margin:0;background:#fff">${logo.replace('<svg ', '<svg width="512" height="512" ')}</body>`);
await page.screenshot({ path: 'public/share/logo-512.png', omitBackground: true });
await browser.close();
console.log('wrote public/share/og-default.png (1200×630) and public/share/logo-512.png (512×512)');
