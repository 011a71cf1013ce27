/**
 * The page's side of the service worker (decision 025). It rides in the shell script every page loads, where
 * the content pages' budget is tight, so it is the bare minimum (the rest is the worker's, src/pwa/sw.ts).
 *
 * The worker waits its turn (issue 55): registering it on `load` had its install (/sw.js, then the shell's 61 files)
 * compete with the first visit's page, and Lighthouse measured 3.4 s of blocking time on the home page. So it is
 * registered once the page is idle after the shopper's first tap or key has been handled, or after a few quiet seconds
 * after load. A page shown before the worker controls the tab is noted
 * (sessionStorage) and handed to the worker once it runs, so it keeps those pages for offline too, even when the
 * shopper was on the next page before it started.
 *
 * Then: look for a new version when the shopper comes back to the tab, show the "new version ready" banner when the
 * worker says it took over (its Reload is a plain link to this page, on the new build), and reload a saved copy once
 * the connection is back. That a page is a saved copy (prices may be out of date) the worker marks in the page itself
 * (`data-stale`).
 */
import { afterStartUp } from '#lib/after-start-up.ts';

const container = navigator.serviceWorker;

if (import.meta.env.PROD && container) {
  let seen = '';
  try {
    // Not controlled yet: this page is one the worker should keep once it runs.
    seen = container.controller ? '' : (sessionStorage['sw'] = (sessionStorage['sw'] ?? '') + ` ${location.href}`);
  } catch {
    // No storage (privacy modes): the worker keeps the page open when it takes over, as before.
  }
  afterStartUp(() =>
    container.register('/sw.js').then((registration) => {
      onfocus = () => registration.update();
      // The worker reads the addresses (src/pwa/sw-start.ts).
      if (seen) void container.ready.then((ready) => ready.active?.postMessage({ keep: seen }));
    }),
  );
  // Every layout draws the banner (BaseDocument's ConnectionNotices).
  container.onmessage = () => (document.querySelector<HTMLElement>('[data-update-ready]')!.hidden = false);
  // Back online on a copy the worker served from its cache: the page again from the network, so the notice goes with
  // today's prices, and the cart sync sends what was changed offline (src/stores/cart-sync.ts). Not once the shopper is
  // leaving: a reload then cancels the page they asked for and brings this one back. The offline journey caught it: the
  // connection returned just as the shopper went on to the cart, and the saved product page reloaded itself over it.
  // (Properties, not listeners, and no flag: this script is in every page's budget. A page the back button restores
  // from the browser's memory, or one whose link opened no page (`tel:`), stays as it is when the connection returns;
  // its notice still says the prices may be old, and a reload by hand brings today's.)
  ononline = () => document.documentElement.hasAttribute('data-stale') && location.reload();
  onbeforeunload = () => {
    ononline = null;
  };
}
