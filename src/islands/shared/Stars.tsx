import { filledWidth, starsPath } from '#lib/ui/stars.ts';

/** The read-only star rating for islands: the same drawing as components/ui/Stars.astro (one geometry, lib/ui/stars.ts). */
export function Stars({ rate, label }: { rate: number; label: string }) {
  const filled = filledWidth(rate);
  return (
    <svg viewBox="0 0 80 16" width="80" height="16" role="img" aria-label={label} className="block rtl:-scale-x-100" data-stars>
      <path d={starsPath} fill="#e3cfb8" />
      {filled > 0 && (
        <svg width={filled} height="16" viewBox={`0 0 ${filled} 16`}>
          <path d={starsPath} fill="#f59e0b" />
        </svg>
      )}
    </svg>
  );
}
