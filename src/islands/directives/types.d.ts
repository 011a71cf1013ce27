import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first interaction; "visible": also when on screen and idle; "on:<event>": also on that window event. */
    'client:intent'?: boolean | 'visible' | `on:${string}`;
  }
}
