import { describe, expect, it } from 'vitest';
import { STAR_SIZE, filledWidth, starsPath } from './stars.ts';

/** The points each sub-path visits (M absolute, l relative pairs, as the path is written). */
function points(subpath: string): [number, number][] {
  const [head, ...rest] = subpath.trim().split(/(?=[lL])/);
  const start = head!.slice(1).trim().split(/\s+/).map(Number) as [number, number];
  const out: [number, number][] = [start];
  for (const segment of rest) {
    const numbers = segment
      .slice(1)
      .replace(/z$/i, '')
      .match(/-?\d*\.?\d+/g)!
      .map(Number);
    for (let i = 0; i < numbers.length; i += 2) {
      const [x, y] = out.at(-1)!;
      out.push(segment[0] === 'l' ? [x + numbers[i]!, y + numbers[i + 1]!] : [numbers[i]!, numbers[i + 1]!]);
    }
  }
  return out;
}

describe('star rating geometry', () => {
  const stars = starsPath.split(/(?=M)/);

  it('draws five stars, each inside its own 16-unit cell (no stroke back to the first star)', () => {
    expect(stars).toHaveLength(5);
    stars.forEach((star, i) => {
      for (const [x, y] of points(star)) {
        expect(x).toBeGreaterThanOrEqual(i * STAR_SIZE);
        expect(x).toBeLessThanOrEqual((i + 1) * STAR_SIZE);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(STAR_SIZE);
      }
    });
  });

  it('closes each star where it started', () => {
    for (const star of stars) {
      const visited = points(star);
      // The last point before z is next to the first one (z draws the short closing edge).
      const [[x0, y0], [x1, y1]] = [visited[0]!, visited.at(-1)!];
      expect(Math.hypot(x1 - x0, y1 - y0)).toBeLessThan(6);
    }
  });

  it('fills a 3.5 rating to 56 of 80 units and clamps out-of-range rates', () => {
    expect(filledWidth(3.5)).toBe(56);
    expect(filledWidth(-1)).toBe(0);
    expect(filledWidth(9)).toBe(80);
  });
});
