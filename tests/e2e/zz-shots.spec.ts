import { test } from './fixtures.ts';
import { e2eDeskArticle, signedInStaff } from './admin-support.ts';

test('shots', async ({ page, shopLocale }) => {
  test.setTimeout(120_000);
  await signedInStaff(page, 'content');
  const slug = await e2eDeskArticle(page.request);
  const width = shopLocale === 'ar' ? 390 : 1280;
  await page.setViewportSize({ width, height: 900 });
  for (const [name, path] of [
    ['list', `/${shopLocale}/admin/content`],
    ['editor', `/${shopLocale}/admin/content/articles/${slug}`],
    ['preview', `/${shopLocale}/admin/content/preview/articles/${slug}`],
  ] as const) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/shot-${shopLocale}-${name}.png`, fullPage: true });
  }
});
