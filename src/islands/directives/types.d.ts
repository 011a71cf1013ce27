import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on first interaction. Words, any of them, space-separated: "visible" also when on screen and idle;
     * "on:<event>" also on that window event; "serves-previous": the island serves the element placed just before
     * it, watched instead of the island, and held taps wait for its ISLAND_READY (intent.ts).
     */
    'client:intent'?: boolean | string;
  }
}
