/**
 * `client:intent`: hydrates an island when the shopper shows intent to use it (pointer over or down, focus,
 * a key, a click or a submit); with `client:intent="visible"` also once it is on screen, after the page's start-up
 * (src/lib/after-start-up.ts: the first tap's work done, or a few quiet seconds) and when the main thread is idle;
 * with `client:intent="on:<event>"` also when that event reaches window (e.g. the first toast request). Nothing the
 * shopper does not touch costs main-thread time before the page is interactive.
 *
 * A click or submit made before React took over is held and replayed once the root exists (React then hydrates
 * the target synchronously and runs its handler), so "Add to cart" tapped the moment a card paints still adds.
 * Text typed into an input before hydration stays in the DOM; islands read it on mount. With `serves-previous` among
 * the words (`client:intent="visible serves-previous"`), the island draws nothing itself and serves the element placed
 * just before it (a grid of cards, which Astro would otherwise copy, hash and re-encode as the island's slot on every
 * render, decision 020): intent and visibility are watched there, and held taps are replayed once the island fires
 * ISLAND_READY, since it hydrates the controls it serves as React roots of its own (CardActions.tsx).
 */
import type { ClientDirective } from 'astro';
import { afterStartUp } from '#lib/after-start-up.ts';
import { ISLAND_READY, servedElement } from './island-ready.ts';

const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click', 'submit'] as const;
// A ready signal that never comes must not hold a tap for ever.
const READY_TIMEOUT_MS = 3000;

const intent: ClientDirective = (load, options, el) => {
  let hydrated = false;
  let started = false;
  const replays: (() => void)[] = [];
  let observer: IntersectionObserver | undefined;

  const words = typeof options.value === 'string' ? options.value.split(' ') : [];
  const served = words.includes('serves-previous') ? servedElement(el) : null;
  const area: Element = served ?? el;

  const start = async () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    const hydrate = await load();
    await hydrate();
    // A serving island hydrates the controls it serves in its own effects, which React runs in a later task than
    // this: held taps wait for its ISLAND_READY (at most READY_TIMEOUT_MS, counted from here, not from the tap).
    if (served) await new Promise((ready) => (el.addEventListener(ISLAND_READY, ready), setTimeout(ready, READY_TIMEOUT_MS)));
    hydrated = true;
    for (const type of TRIGGERS) area.removeEventListener(type, onEvent, true);
    for (const replay of replays.splice(0)) replay();
  };

  function onEvent(event: Event) {
    if (hydrated) return;
    if (event.type === 'click') {
      const target = (event.target as Element | null)?.closest<HTMLElement>('button, [role="button"]');
      if (target && area.contains(target)) {
        event.preventDefault();
        event.stopPropagation();
        replays.push(() => target.isConnected && target.click());
      }
    } else if (event.type === 'submit') {
      const form = event.target as HTMLFormElement;
      event.preventDefault();
      event.stopPropagation();
      replays.push(() => form.isConnected && form.requestSubmit());
    }
    void start();
  }

  for (const type of TRIGGERS) area.addEventListener(type, onEvent, { capture: true, passive: false });

  const on = words.find((word) => word.startsWith('on:'));
  if (on) window.addEventListener(on.slice(3), () => void start(), { once: true });

  // Merely on screen is no hurry: after the page's start-up (the first tap's work, or a few quiet seconds), when idle.
  if (words.includes('visible'))
    afterStartUp(() => {
      if (started) return;
      // Half a screen ahead: a card's button sits at its bottom, often just under the fold while its picture shows.
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer?.disconnect();
            (self.requestIdleCallback ?? setTimeout)(() => void start());
          }
        },
        { rootMargin: '50% 0px' },
      );
      // Astro islands are display:contents; observe their children.
      if (served) observer.observe(served);
      else for (const child of el.children) observer.observe(child);
    });
};

export default intent;
