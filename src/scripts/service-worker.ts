/**
 * The page's side of the service worker (decision 025), loaded with the shell on every page and kept tiny: registers
 * /sw.js once the page has loaded, marks the page while there is no connection (the layout then says prices may be out
 * of date), and tells the shopper when a new version is ready: a reload onto it, never a switch behind their back.
 */
const root = document.documentElement;

const markConnection = () => {
  if (navigator.onLine) delete root.dataset['offline'];
  else root.dataset['offline'] = '';
};
markConnection();
addEventListener('online', markConnection);
addEventListener('offline', markConnection);

const container = navigator.serviceWorker;
if (import.meta.env.PROD && container) {
  const controlledAtLoad = Boolean(container.controller);
  let accepted = false;

  // The new worker's banner: its button lets the waiting worker take over (this tab then reloads, below); in a tab
  // where another tab already did, it just reloads.
  const offer = (waiting: ServiceWorker | null) => {
    const banner = document.querySelector<HTMLElement>('[data-update-ready]');
    if (!banner) return;
    banner.hidden = false;
    const button = banner.querySelector('button');
    if (!button) return;
    // onclick, not a listener: offered again, the button acts on the newest worker only.
    button.onclick = () => {
      accepted = true;
      if (waiting && waiting.state === 'installed') waiting.postMessage({ type: 'SKIP_WAITING' });
      else location.reload();
    };
  };

  container.addEventListener('controllerchange', () => {
    // The first install takes the tab over without a new version to tell of.
    if (!controlledAtLoad) return;
    if (accepted) location.reload();
    else offer(null);
  });

  addEventListener('load', async () => {
    const registration = await container.register('/sw.js').catch(() => undefined);
    if (!registration) return;
    if (registration.waiting && container.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed' && container.controller) offer(installing);
      });
    });
    // A tab left open learns of a publish when the shopper comes back to it.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
    });
    // This page came before the worker: hand it over, so it too is there offline.
    if (!controlledAtLoad) (await container.ready).active?.postMessage({ type: 'CACHE_PAGES', urls: [location.href] });
  });
}
