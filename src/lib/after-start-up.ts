/**
 * Work a page can do once the shopper's first seconds are over (issue 55): the service worker's registration
 * (src/scripts/service-worker.ts) and the hydration of islands merely on screen (`client:intent="visible"`,
 * src/islands/directives/intent.ts). Lighthouse measured both competing with the first visit's start-up: 3.4 s of
 * blocking time on the home page, React's hydration of the card grid a single 330 ms task at its two-second idle
 * timeout. So they wait until the page has loaded and then either the shopper's first tap or key has been handled, or
 * QUIET_MS have passed without one; then they run when the main thread is idle, without a deadline.
 * A tap on an island's control before that is not lost: the directive hydrates on intent and replays it.
 */
export const QUIET_MS = 5000;

export function afterStartUp(work: () => void, quietMs = QUIET_MS): void {
  let done = false;
  // Once: whichever comes first of the tap, the key and the quiet time (the later ones find `done`).
  const run = () => {
    if (done) return;
    done = true;
    // Safari has no requestIdleCallback: a timeout there.
    (self.requestIdleCallback ?? setTimeout)(() => work());
  };
  const afterLoad = () => {
    setTimeout(run, quietMs);
    addEventListener('pointerdown', run);
    addEventListener('keydown', run);
  };
  // Module scripts and island directives mostly run while the page parses, before `load`; but one that runs later (an
  // island rendered after a language switch, a script the browser fetched late) would wait for a `load` that already
  // fired, and its islands would never hydrate: then it counts from now.
  if (self.document?.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
}
