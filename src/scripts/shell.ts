/**
 * Behaviour every page shares, without React: seasonal logo, dismissible banner, language switch,
 * dropdowns closing on outside click, and the chunk-failure reload guard.
 */
import { CHUNK_RELOAD_KEY, isChunkLoadError, shouldReload } from '#lib/chunk-reload.ts';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '#i18n/negotiate.ts';
import { seasonFor } from '#lib/season.ts';

const BANNER_KEY = 'donation-banner-dismissed';
const root = document.documentElement;

root.dataset['season'] = seasonFor(new Date());
// A message raised just before the previous page redirected here (issue 19): wake the toast host, which shows it.
// The key and event are toast-event.ts's CARRIED_TOASTS_KEY and TOAST_WAKE_EVENT, spelled out to keep that
// module out of the script every page loads (shell-logic.test.ts checks they match).
try {
  if (sessionStorage.getItem('carried-toasts')) dispatchEvent(new Event('app:toast-wake'));
} catch {
  /* no storage: nothing was carried */
}

/** A storage area, or nothing where the browser refuses it (privacy modes, sandboxed frames). */
function safeStorage(area: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[area];
  } catch {
    return undefined;
  }
}

if (safeStorage('localStorage')?.getItem(BANNER_KEY) === '1') root.dataset['bannerDismissed'] = '';
document.querySelector('[data-dismiss-banner]')?.addEventListener('click', () => {
  safeStorage('localStorage')?.setItem(BANNER_KEY, '1');
  root.dataset['bannerDismissed'] = '';
});

// The switcher keeps the page and its query, remembers the choice, and reloads after 200 ms (spec section 4).
for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-locale-switch]')) {
  link.href = link.pathname + location.search + location.hash;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    const locale = link.dataset['localeSwitch'];
    document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
    root.classList.add('is-loading');
    setTimeout(() => location.assign(link.href), 200);
  });
}

// Dropdowns are <details>; one open at a time, and a click outside or Escape closes them.
const dropdowns = () => document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown][open]');
document.addEventListener('click', (event) => {
  for (const open of dropdowns()) if (!open.contains(event.target as Node)) open.open = false;
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') for (const open of dropdowns()) open.open = false;
});

function reloadOnChunkFailure(reason: unknown) {
  if (!isChunkLoadError(reason)) return;
  const storage = safeStorage('sessionStorage');
  const last = Number(storage?.getItem(CHUNK_RELOAD_KEY) ?? NaN);
  const now = Date.now();
  if (!shouldReload(Number.isNaN(last) ? null : last, now, navigator.onLine)) return;
  storage?.setItem(CHUNK_RELOAD_KEY, String(now));
  location.reload();
}
addEventListener('vite:preloadError', (event) => reloadOnChunkFailure((event as Event & { payload?: unknown }).payload));
addEventListener('unhandledrejection', (event) => reloadOnChunkFailure(event.reason));
// Astro's islands catch their own import failures and only report them through console.error, so listen there too.
const reportError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  reportError(...args);
  if (typeof args[0] === 'string' && args[0].startsWith('[astro-island]')) reloadOnChunkFailure(args[1]);
};
