import type { Locale } from '../i18n/locales.ts';

/** What every layout needs to write the document head. */
export interface DocumentProps {
  locale: Locale;
  title: string;
  description?: string;
  /** The path without the locale prefix, for canonical and hreflang links; omit on pages not to index. */
  path?: string;
  noindex?: boolean;
  /** The page's own picture; a raster one becomes the share image (SVG is not shown by social networks). */
  image?: string;
  imageAlt?: string;
}
