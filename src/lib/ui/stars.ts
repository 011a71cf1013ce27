/**
 * The geometry of the read-only star rating, shared by the Astro component (cards, product, seller and review pages)
 * and the React one (the profile's wishlist), so both draw the same stars from one path.
 */
export const STAR_COUNT = 5;
export const STAR_SIZE = 16;

/**
 * One five-pointed star in a 16 × 16 cell starting at `x`. Every step after the first point is relative, so the star
 * closes on itself wherever it is drawn (an absolute step once sent stars 2-5 back to star 1: a smeared ribbon).
 */
const star = (x: number) => `M${x + 8} 1l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5-3.6-3.5 5-.7z`;

/** The path of all five stars side by side (viewBox 0 0 80 16). */
export const starsPath = Array.from({ length: STAR_COUNT }, (_, i) => star(i * STAR_SIZE)).join(' ');

/** The width (in viewBox units) of the filled part for a rate between 0 and 5: 3.5 fills 56 of 80. */
export const filledWidth = (rate: number) => (Math.max(0, Math.min(STAR_COUNT, rate)) / STAR_COUNT) * STAR_COUNT * STAR_SIZE;

/** The id of the one copy of `starsPath` a server-drawn page carries (components/ui/Stars.astro). */
export const STARS_PATH_ID = 'stars-path';
