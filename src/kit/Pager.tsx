/**
 * The desk's pager (issue 33): previous / "page n of m" / next as links, so the page lives in the URL. Astro pages
 * render it without a client directive (plain HTML); islands render it where their list is. `pages` may be unknown
 * (a list that only knows whether there is `more`).
 */
export function Pager({
  page,
  pages,
  more,
  href,
  label,
  previous,
  next,
}: {
  page: number;
  pages?: number | undefined;
  more?: boolean | undefined;
  href: (page: number) => string;
  /** "Page 2 of 5", already worded. */
  label: string;
  previous: string;
  next: string;
}) {
  const hasNext = pages !== undefined ? page < pages : Boolean(more);
  if (page <= 1 && !hasNext) return null;
  const link = 'rounded-full border border-roast-200 bg-white px-4 py-2 hover:bg-roast-50';
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-4 text-sm" data-pager>
      {page > 1 && (
        <a rel="prev" className={link} href={href(page - 1)}>
          {previous}
        </a>
      )}
      <span>{label}</span>
      {hasNext && (
        <a rel="next" className={link} href={href(page + 1)}>
          {next}
        </a>
      )}
    </nav>
  );
}
