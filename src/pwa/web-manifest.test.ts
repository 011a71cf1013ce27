import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { locales } from '#i18n/locales.ts';
import { dictionary } from '#i18n/t.ts';
import { APPLE_TOUCH_ICON, webManifest } from './web-manifest.ts';

/** What Chrome's installability check and iOS's "Add to Home Screen" read from the manifest (decision 025). */
const publicFile = (src: string) => `public${src}`;

describe.each(locales)('the %s web app manifest', (locale) => {
  const manifest = webManifest(locale);

  test("names the shop in the shopper's language, starts in that language and reads in its direction", () => {
    expect(manifest.name).toBe(dictionary(locale).site.name);
    expect(manifest.short_name.length).toBeGreaterThan(0);
    // Launchers cut longer short names.
    expect([...manifest.short_name].length).toBeLessThanOrEqual(12);
    expect(manifest.lang).toBe(locale);
    expect(manifest.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    expect(manifest.start_url).toBe(`/${locale}/`);
    expect(manifest.id).toBe(`/${locale}/`);
  });

  test('has what Chrome requires to offer installation', () => {
    expect(['standalone', 'fullscreen', 'minimal-ui']).toContain(manifest.display);
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const any = manifest.icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes);
    expect(any).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });

  test('is plain JSON (what the endpoint serves)', () => {
    expect(JSON.parse(JSON.stringify(manifest))).toEqual(manifest);
  });
});

describe('the icons', () => {
  test.each(webManifest('en').icons.map((icon) => [icon.src, icon.sizes] as const))('%s is a PNG of %s', async (src, sizes) => {
    const { format, width, height } = await sharp(readFileSync(publicFile(src))).metadata();
    expect({ format, size: `${width}x${height}` }).toEqual({ format: 'png', size: sizes });
  });

  test('the maskable icon is opaque to its edges (launchers crop it to their own shape)', async () => {
    const maskable = webManifest('en').icons.find((icon) => icon.purpose === 'maskable')!;
    const { data, info } = await sharp(readFileSync(publicFile(maskable.src)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    for (const [x, y] of [
      [0, 0],
      [info.width - 1, 0],
      [0, info.height - 1],
      [info.width - 1, info.height - 1],
    ] as const)
      expect(alphaAt(x, y)).toBe(255);
  });

  test("the apple-touch-icon is there, 180 px, as iOS's home screen asks", async () => {
    expect(existsSync(publicFile(APPLE_TOUCH_ICON))).toBe(true);
    const { width, height } = await sharp(readFileSync(publicFile(APPLE_TOUCH_ICON))).metadata();
    expect([width, height]).toEqual([180, 180]);
  });
});
