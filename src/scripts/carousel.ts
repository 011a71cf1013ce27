/**
 * Carousels and galleries without a library: a CSS scroll-snap track (swipe and keyboard scrolling are the
 * browser's own) plus previous/next arrows that glide one slide in 500 ms, stop at both ends (no loop)
 * and follow the reading direction, so "next" moves leftwards in Arabic. Thumbnails jump to their slide.
 * Markup: [data-carousel] > [data-carousel-track] > slides; [data-carousel-prev|next]; [data-carousel-thumb].
 */
const SPEED_MS = 500;

const ease = (x: number) => (x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2);

function glide(track: HTMLElement, to: number) {
  const from = track.scrollLeft;
  const start = performance.now();
  // Snapping would pull the track back to a slide on every animation frame (global.css turns it off meanwhile).
  track.dataset['gliding'] = '';
  const step = (now: number) => {
    const progress = Math.min(1, (now - start) / SPEED_MS);
    track.scrollLeft = from + (to - from) * ease(progress);
    if (progress < 1) requestAnimationFrame(step);
    else delete track.dataset['gliding'];
  };
  requestAnimationFrame(step);
}

function setUp(root: HTMLElement) {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  if (!track) return;
  const slides = () => [...track.children] as HTMLElement[];
  const prev = root.querySelector<HTMLButtonElement>('[data-carousel-prev]');
  const next = root.querySelector<HTMLButtonElement>('[data-carousel-next]');
  const thumbs = [...root.querySelectorAll<HTMLButtonElement>('[data-carousel-thumb]')];
  // In right-to-left tracks scrollLeft runs from 0 towards negative values.
  const sign = getComputedStyle(track).direction === 'rtl' ? -1 : 1;
  const offset = () => Math.abs(track.scrollLeft);
  const slideStep = () => {
    const [a, b] = slides();
    return a && b ? Math.abs(b.offsetLeft - a.offsetLeft) : track.clientWidth;
  };
  const update = () => {
    const max = track.scrollWidth - track.clientWidth;
    if (prev) prev.disabled = offset() <= 1;
    if (next) next.disabled = offset() >= max - 1;
    const current = Math.round(offset() / slideStep());
    thumbs.forEach((thumb, index) => thumb.setAttribute('aria-current', String(index === current)));
  };
  const go = (slides: number) => {
    const max = track.scrollWidth - track.clientWidth;
    const target = Math.max(0, Math.min(max, Math.round(offset() / slideStep() + slides) * slideStep()));
    glide(track, sign * target);
  };
  prev?.addEventListener('click', () => go(-1));
  next?.addEventListener('click', () => go(1));
  thumbs.forEach((thumb, index) => thumb.addEventListener('click', () => glide(track, sign * index * slideStep())));
  track.addEventListener('scroll', update, { passive: true });
  window.addEventListener('resize', update, { passive: true });
  update();
}

for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) setUp(root);
