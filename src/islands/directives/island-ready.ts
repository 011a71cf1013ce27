/**
 * The event an island fires (bubbling, from inside its element) once what it draws can take a tap. Islands placed
 * with `client:intent="… serves-previous"` fire it; the directive replays a tap held before hydration only then.
 */
export const ISLAND_READY = 'island:ready';

/** The element an island placed with `serves-previous` serves: the one before it, past any script Astro put between. */
export function servedElement(island: Element): Element | null {
  let previous = island.previousElementSibling;
  while (previous?.tagName === 'SCRIPT') previous = previous.previousElementSibling;
  return previous;
}
