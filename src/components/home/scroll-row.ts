/** Behaviour of ScrollRow.astro: arrows move by one slide in 500 ms (spec section 9) and disable at the ends. */
const SPEED_MS = 500;

function animateTo(track: HTMLElement, target: number) {
  const start = track.scrollLeft;
  const began = performance.now();
  // Snapping would fight the animation, so it is paused until the move ends.
  track.classList.add('is-animating');
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / SPEED_MS);
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    track.scrollLeft = start + (target - start) * eased;
    if (t < 1) requestAnimationFrame(step);
    else track.classList.remove('is-animating');
  };
  requestAnimationFrame(step);
}

export function initScrollRows() {
  for (const row of document.querySelectorAll<HTMLElement>('[data-scroll-row]')) {
    const track = row.querySelector<HTMLElement>('[data-scroll-track]');
    const prev = row.querySelector<HTMLButtonElement>('[data-scroll-prev]');
    const next = row.querySelector<HTMLButtonElement>('[data-scroll-next]');
    if (!track || !prev || !next) continue;
    // In right-to-left pages scrollLeft runs from 0 towards negative values.
    const sign = getComputedStyle(track).direction === 'rtl' ? -1 : 1;
    const update = () => {
      const offset = Math.abs(track.scrollLeft);
      prev.disabled = offset < 2;
      next.disabled = offset > track.scrollWidth - track.clientWidth - 2;
    };
    const move = (dir: 1 | -1) => {
      const slide = track.firstElementChild as HTMLElement | null;
      const width = (slide?.getBoundingClientRect().width ?? track.clientWidth) + 16;
      animateTo(track, track.scrollLeft + sign * dir * width);
    };
    prev.addEventListener('click', () => move(-1));
    next.addEventListener('click', () => move(1));
    track.addEventListener('scroll', update, { passive: true });
    update();
  }
}
