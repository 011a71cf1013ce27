import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * One button look (issue 33, src/kit/Button.tsx): the desk's and the seller portal's buttons, and links drawn as
 * buttons, take their classes from buttonClass. eslint refuses `bg-crema` in islands, but Astro templates are not
 * linted, and a pill drawn by hand (its own padding, border or colour) drifts from the kit's look in one screen at a
 * time. So the templates and islands are read as text: a `<button>` or `<a>` whose class is written out with the
 * primary colour, or as a pill with its own padding, is refused.
 */
const wings = ['src/pages/[locale]/admin', 'src/pages/[locale]/seller', 'src/desk', 'src/seller'];

/** A `<button` or `<a` tag up to its class attribute (quoted or a template literal); `=>` inside a handler is not its end. */
const tagClass = /<(button|a)\b((?:=>|[^<>])*?)\bclass(?:Name)?=\{?(["'`])([\s\S]*?)\3/g;

const handStyled = (cls: string): string | undefined => {
  if (/\bbg-crema\b/.test(cls)) return 'the primary colour (bg-crema)';
  if (/\brounded-full\b/.test(cls) && /\bpx-\d/.test(cls) && /\b(border-roast-\d+|bg-roast-900)\b/.test(cls))
    return 'a hand-drawn pill';
  return undefined;
};

/** Each `<button>`/`<a>` in `text` whose class is written out by hand, as "file:line: <tag> with …". */
export function handWrittenButtons(file: string, text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(tagClass)) {
    const why = handStyled(m[4] ?? '');
    if (why) found.push(`${file}:${text.slice(0, m.index).split('\n').length}: <${m[1]}> with ${why}; use buttonClass`);
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.(astro|tsx)$/.test(e.name) && !/\.test\.tsx$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

describe('desk and portal buttons come from buttonClass', () => {
  test('no template or island draws a button by hand', () => {
    const found = wings
      .filter((dir) => existsSync(dir))
      .flatMap(sources)
      .flatMap((f) => handWrittenButtons(f, readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  test('the check sees planted ones, and leaves the kit, badges and icon buttons alone', () => {
    const planted = [
      '<button type="submit" class="rounded-full bg-crema px-6 py-2 font-semibold text-white">Go</button>',
      '<a\n  href={x}\n  class="rounded-full border border-roast-200 bg-white px-5 py-2 font-semibold"\n>CSV</a>',
      '<a href="/new" class="rounded-full bg-roast-900 px-5 py-2 text-white">Add</a>',
      '<button onClick={() => go()} className={`rounded-full bg-crema ${x}`}>Go</button>',
    ].join('\n');
    expect(handWrittenButtons('Bad.astro', planted)).toEqual([
      expect.stringMatching(/^Bad\.astro:1: <button> with the primary colour/),
      expect.stringMatching(/^Bad\.astro:2: <a> with a hand-drawn pill/),
      expect.stringMatching(/^Bad\.astro:6: <a> with a hand-drawn pill/),
      expect.stringMatching(/^Bad\.astro:7: <button> with the primary colour/),
    ]);
    const fine = [
      '<button type="submit" class={buttonClass()}>Go</button>',
      "<a href={x} class={`ms-auto ${buttonClass('secondary', 'sm')}`}>Print</a>",
      '<span class="rounded-full bg-roast-100 px-3 py-1">Shipped</span>',
      '<button className="grid h-8 w-8 place-items-center rounded-full border border-roast-200">↑</button>',
    ].join('\n');
    expect(handWrittenButtons('Ok.astro', fine)).toEqual([]);
  });
});
