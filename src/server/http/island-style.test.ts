import { expect, test } from 'vitest';
import { islandStyleInHead, withIslandStyleInHead } from './island-style.ts';

const style = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

test("Astro's island stylesheet moves from the body into the head, once; other pages are untouched", async () => {
  const page = `<html><head><title>x</title></head><body><div>${style}<astro-island></astro-island></div></body></html>`;
  expect(islandStyleInHead(page)).toBe(
    `<html><head><title>x</title>${style}</head><body><div><astro-island></astro-island></div></body></html>`,
  );
  const plain = '<html><head></head><body><p>no islands</p></body></html>';
  expect(islandStyleInHead(plain)).toBe(plain);
  const moved = await withIslandStyleInHead(new Response(page, { status: 404, headers: { 'content-type': 'text/html' } }));
  expect(moved.status).toBe(404);
  expect(await moved.text()).toContain(`${style}</head>`);
  // The bytes of a page with Arabic text around it move the same way.
  const arabic = `<html><head><title>قهوة</title></head><body><div>قهوة ${style}<astro-island></astro-island></div></body></html>`;
  const movedArabic = await withIslandStyleInHead(new Response(arabic, { headers: { 'content-type': 'text/html' } }));
  expect(await movedArabic.text()).toBe(islandStyleInHead(arabic));
  const json = new Response('{"a":1}', { headers: { 'content-type': 'application/json' } });
  expect(await withIslandStyleInHead(json)).toBe(json);
});
