/// <reference types="astro/client" />

/** The tag-manager container id this build was made with (GTM_ID at build time; '' without one). */
declare const __GTM_ID__: string;

declare namespace App {
  /**
   * Set once per request by src/middleware.ts (pre-rendered pages too, at build time; src/i18n/request-locale.ts):
   * the page's language, its dictionary and its direction. Pages, layouts and components read these instead of
   * casting `Astro.params.locale`, calling `dictionary(locale)` or taking a `locale` prop.
   */
  interface Locals {
    locale: import('#i18n/locales.ts').Locale;
    t: import('#i18n/t.ts').Dictionary;
    dir: 'ltr' | 'rtl';
    /** Set by the page's first star rating, which writes the stars' path for all of them (components/ui/Stars.astro). */
    starsPathWritten?: boolean;
  }
}
