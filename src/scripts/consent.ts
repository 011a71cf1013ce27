/**
 * Consent before measurement (docs/decisions/011-consent-and-tag-manager.md). Only on builds with a tag-manager
 * container id (GTM_ID, written into <meta name="gtm-id">): Google Consent Mode defaults to denied before anything
 * else; the banner asks once; the choice is kept in localStorage (nothing is sent to the server, so no cookie);
 * GTM is loaded only after a yes, and the footer's "Cookie settings" reopens the banner.
 */
import { TAG_MANAGER_ORIGIN } from '#lib/tag-manager.ts';

const KEY = 'consent';
// __GTM_ID__ is a build-time constant: a build without GTM_ID drops this whole module's code, its look-ups included
// (they were left in every page's shell script before: 0.05 KB).
const id = __GTM_ID__ ? document.querySelector<HTMLMetaElement>('meta[name="gtm-id"]')?.content : undefined;
const banner = __GTM_ID__ ? document.querySelector<HTMLElement>('[data-consent-banner]') : null;

if (__GTM_ID__ && id && banner) {
  const w = window as unknown as { dataLayer: unknown[] };
  w.dataLayer = w.dataLayer || [];
  // gtag() as Google documents it: the arguments object itself goes on the data layer.
  const gtag = function (..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer.push(arguments);
  };
  const all = (value: 'granted' | 'denied') => ({
    ad_storage: value,
    ad_user_data: value,
    ad_personalization: value,
    analytics_storage: value,
  });
  gtag('consent', 'default', { ...all('denied'), wait_for_update: 500 });
  let loaded = false;
  const grant = () => {
    gtag('consent', 'update', all('granted'));
    if (loaded) return;
    loaded = true;
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
    document.head.append(script);
  };
  const show = (open: boolean) => {
    banner.hidden = !open;
    // Room below the page's end, so the banner never hides its last controls.
    document.documentElement.classList.toggle('consent-open', open);
  };
  const stored = (() => {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  })();
  if (stored === 'granted') grant();
  else if (stored !== 'denied') show(true);
  banner.addEventListener('click', (event) => {
    const answer = (event.target as HTMLElement).closest<HTMLElement>('[data-consent]')?.dataset['consent'];
    if (answer !== 'granted' && answer !== 'denied') return;
    try {
      localStorage.setItem(KEY, answer);
    } catch {
      // Storage blocked: the choice holds for this page only.
    }
    show(false);
    if (answer === 'granted') grant();
    else gtag('consent', 'update', all('denied'));
  });
  for (const open of document.querySelectorAll('[data-consent-open]')) {
    open.removeAttribute('hidden');
    open.addEventListener('click', () => {
      show(true);
      banner.querySelector<HTMLElement>('button')?.focus();
    });
  }
}
