import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on first interaction. Words, any of them, space-separated: "visible" also when on screen and idle;
     * "on:<event>" also on that window event; "await-ready" replays held taps once the island fires ISLAND_READY;
     * "serves-previous" watches the element placed just before the island instead of the island (intent.ts).
     */
    'client:intent'?: boolean | string;
  }
}
