/**
 * The reports' charts drawn on the server (issue 53, decision 037): pure geometry, so it is tested without a browser.
 * Time runs with the reading direction: left to right in English, right to left in Arabic (the first bucket at the
 * start side in both), on every chart; bars grow from the start side.
 */
export type Direction = 'ltr' | 'rtl';

/** A round top for the value axis: 1, 2, 2.5 or 5 × 10ⁿ at or above the largest value (1 when all are 0). */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * The value axis's top for a chart whose smallest step worth a label is `unit` (1 for counts, 100 piastres for money):
 * four units while the values fit under them (the grid's quarters are then whole: 0-4 orders, EGP 0-4, never
 * quarters of a piastre), else the round top.
 */
export const axisTop = (max: number, unit = 1): number => (max <= 4 * unit ? 4 * unit : niceMax(max));

export interface Slot {
  /** Left edge of the bucket's group in the drawing (SVG coordinates grow to the right). */
  x: number;
  width: number;
}

/**
 * The horizontal slot of each of `count` buckets within [start, start + width): bucket 0 at the left in `ltr`, at
 * the right in `rtl`.
 */
export function timeSlots(count: number, start: number, width: number, dir: Direction): Slot[] {
  const slot = count > 0 ? width / count : width;
  return Array.from({ length: count }, (_, i) => {
    const position = dir === 'rtl' ? count - 1 - i : i;
    return { x: start + position * slot, width: slot };
  });
}

/** Bar height for a value on an axis of `height` topped at `top`. */
export const barHeight = (value: number, top: number, height: number): number =>
  top > 0 ? Math.max(0, (Math.max(0, value) / top) * height) : 0;

/** Which bucket labels to print under the axis: about `room` of them, always the first and the last. */
export function labelled(count: number, room: number): Set<number> {
  const every = Math.max(1, Math.ceil(count / Math.max(1, room)));
  const shown = new Set<number>();
  for (let i = 0; i < count; i += every) shown.add(i);
  if (count > 0) shown.add(count - 1);
  return shown;
}

/** A horizontal bar (a ranked list, the funnel) of `value` out of `top` in a track of `width`, from the start side. */
export function startBar(value: number, top: number, width: number, dir: Direction): { x: number; width: number } {
  const w = top > 0 ? (Math.max(0, value) / top) * width : 0;
  return { x: dir === 'rtl' ? width - w : 0, width: w };
}

/** Rounded for SVG attributes: short markup, no float noise. */
export const px = (n: number): string => String(Math.round(n * 10) / 10);
