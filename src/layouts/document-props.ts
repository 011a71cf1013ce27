/** What every layout needs to write the document head (the language is the request's: Astro.locals). */
export interface DocumentProps {
  title: string;
  description?: string;
  /** The path without the locale prefix, for canonical and hreflang links; omit on pages not to index. */
  path?: string;
  noindex?: boolean;
  /** The page's own picture; a raster one becomes the share image (SVG is not shown by social networks). */
  image?: string;
  imageAlt?: string;
}
