import { expect, test } from './fixtures.ts';

/** Drawings that must not depend on the page's direction or on snapping: stars, payment marks, carousel glide. */

test('each rating star is drawn inside its own cell, and the gold part covers the rate', async ({ page, at }) => {
  await page.goto(at('/single-product/1'));
  const stars = page.locator('main svg[data-stars]').first();
  const cells = await stars.evaluate((svg) => {
    // The page writes the five-star path once; every rating draws it with <use>.
    const d = document.querySelector(svg.querySelector('use')!.getAttribute('href')!)!.getAttribute('d')!;
    // Each sub-path measured on its own, as the browser draws it.
    return d.split(/(?=M)/).map((sub) => {
      const probe = document.createElementNS('http://www.w3.org/2000/svg', 'path');
      probe.setAttribute('d', sub);
      svg.append(probe);
      const box = probe.getBBox();
      probe.remove();
      return { x: box.x, width: box.width };
    });
  });
  expect(cells).toHaveLength(5);
  cells.forEach((cell, i) => {
    expect(cell.x).toBeGreaterThanOrEqual(i * 16);
    expect(cell.x + cell.width).toBeLessThanOrEqual((i + 1) * 16);
  });
});

test('the gold part of every rating covers the rate (4.1 of 5 → 65.6 of 80 units), from the reading start', async ({
  page,
  at,
  shopLocale,
}) => {
  await page.goto(at('/products?category=1'));
  const ratings = await page.locator('main svg[data-stars]').evaluateAll((svgs) =>
    svgs.map((svg) => {
      // The gold stars' own viewport (its content box would include the clipped part).
      const gold = svg.querySelector('svg');
      const rate = Number(/\d+(?:\.\d+)?/.exec(svg.getAttribute('aria-label') ?? '')?.[0]);
      return { rate, width: gold?.width.baseVal.value ?? 0, mirrored: /^-1\b/.test(getComputedStyle(svg).scale) };
    }),
  );
  expect(ratings.length).toBeGreaterThan(3);
  for (const r of ratings) {
    expect(r.width).toBeCloseTo(r.rate * 16, 0);
    // In Arabic the drawing is mirrored, so the stars fill from the right.
    expect(r.mirrored).toBe(shopLocale === 'ar');
  }
});

test('a listing writes the stars drawing once, and every rating on it draws it', async ({ page, at }) => {
  await page.goto(at('/products?category=1'));
  const drawings = await page
    .locator('svg[data-stars]')
    .evaluateAll((svgs) =>
      svgs.map((svg) =>
        [...svg.querySelectorAll('use')].map((use) => document.querySelectorAll(use.getAttribute('href')!).length),
      ),
    );
  expect(drawings.length).toBeGreaterThan(3);
  // Grey stars and gold ones, each finding exactly one path.
  for (const uses of drawings) expect(uses.every((found) => found === 1) && uses.length >= 1).toBe(true);
  await expect(page.locator('svg[data-stars] path[id]')).toHaveCount(1);
});

test('every footer payment mark keeps its text inside its tile', async ({ page, at }) => {
  await page.goto(at('/'));
  const marks = page.locator('[data-payment-logos] svg');
  expect(await marks.count()).toBe(7);
  const outside = await marks.evaluateAll((svgs) =>
    svgs.flatMap((svg) => {
      const tile = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .map((text) => ({ name: svg.getAttribute('aria-label'), box: text.getBoundingClientRect() }))
        .filter(({ box }) => box.left < tile.left - 0.5 || box.right > tile.right + 0.5)
        .map(({ name }) => name);
    }),
  );
  expect(outside).toEqual([]);
});

test('the carousel arrows glide through intermediate positions (500 ms), not one jump', async ({ page, at }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(at('/single-product/1'));
  const carousel = page.locator('section[data-carousel]:not([data-gallery])').first();
  await carousel.scrollIntoViewIfNeeded();
  const track = carousel.locator('[data-carousel-track]');
  await track.evaluate((el) => {
    const seen: number[] = [];
    (window as unknown as { seen: number[] }).seen = seen;
    el.addEventListener('scroll', () => seen.push(Math.round(el.scrollLeft)));
  });
  await carousel.locator('[data-carousel-next]').click();
  // The glide has ended when the track is no longer marked and has moved.
  await expect(track).not.toHaveAttribute('data-gliding');
  await expect.poll(() => page.evaluate(() => (window as unknown as { seen: number[] }).seen.length)).toBeGreaterThan(0);
  await expect(track).not.toHaveAttribute('data-gliding');
  const seen = await page.evaluate(() => [...new Set((window as unknown as { seen: number[] }).seen)]);
  expect(seen.length).toBeGreaterThan(3);
});
