import { directionOf, type Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { dictionary } from '#i18n/t.ts';

/** The brand's colours (src/styles/global.css: roast-700 for the browser's bars, roast-50 behind the splash icon). */
export const THEME_COLOR = '#6b3f24';
export const BACKGROUND_COLOR = '#faf6f1';

/** The home-screen icons (public/icons/, drawn from public/favicon.svg by scripts/app-icons.mjs). */
export const appIcons = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;
export const APPLE_TOUCH_ICON = '/icons/apple-touch-icon.png';

/** Where a language's manifest is served (src/pages/[locale]/manifest.webmanifest.ts). */
export const manifestPath = (locale: Locale): string => localePath(locale, '/manifest.webmanifest');

/**
 * One web app manifest per language: the installed shop opens in the language it was installed from, with that
 * language's name and direction. `id` differs per language, so each is its own app (a shopper may install both).
 */
export function webManifest(locale: Locale) {
  const t = dictionary(locale);
  const start = localePath(locale);
  return {
    id: start,
    name: t.site.name,
    short_name: t.pwa.shortName,
    description: t.site.description,
    lang: locale,
    dir: directionOf(locale),
    start_url: start,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['shopping', 'food'],
    icons: appIcons,
  };
}
