import { swRouteFor } from './sw-routes.ts';

/**
 * How the worker's start keeps off the shopper's first seconds (issue 55, decision 025), as pure pieces src/pwa/sw.ts
 * wires up and a unit test walks.
 */

/**
 * The shell's download goes at the network's lowest priority: the worker installs while a page may still be loading
 * its own pictures and scripts, which come first. (A browser without fetch priorities ignores the hint.)
 */
export const lowPriority = {
  requestWillFetch: async ({ request }: { request: Request }) => new Request(request, { priority: 'low' }),
};

/**
 * The pages to keep for offline out of what a tab showed before the worker controlled it (src/scripts/service-worker.ts
 * posts `{ keep: ' url url …' }`, the addresses it noted in sessionStorage): only this origin's shop pages the worker
 * would keep anyway (never the desk, an account page or the payment step), each once, at most `limit` of them.
 */
export function pagesToKeep(message: unknown, origin: string, limit = 20): string[] {
  const keep = (message as { keep?: unknown } | null)?.keep;
  if (typeof keep !== 'string') return [];
  const pages = keep
    .split(' ')
    .filter((url) => URL.canParse(url) && swRouteFor({ url, method: 'GET', mode: 'navigate' }, origin) === 'page');
  return [...new Set(pages)].slice(-limit);
}
