/**
 * Names React as an island's renderer, as Astro's own `Symbol.for('astro:renderer')` tag does. Without it Astro
 * finds the renderer by rendering the component once more on the server and throwing the result away (its React
 * `check`): on a listing page every card's cart control and heart were rendered twice (docs/benchmarks.md, profile).
 * Called from the .astro files that place an island (server code), so no island bundle grows.
 */
export function reactIsland<T extends object>(component: T): T {
  (component as Record<symbol, unknown>)[Symbol.for('astro:renderer')] = '@astrojs/react';
  return component;
}
