/**
 * The HTML of a page part that depends on nothing but one object (the language's dictionary, the navigation
 * categories of a catalog version), drawn once per object and part and then repeated: every page draws the same
 * menus, logos and footer links, and drawing them was about a third of an uncached page's elements (issue 25).
 * Keyed weakly by the object, so a new categories list (a new catalog version, or five minutes later) starts over
 * and the old HTML goes with the old list.
 */
const drawn = new Map<string, WeakMap<object, Promise<string>>>();

export function rememberedMarkup(of: object, part: string, draw: () => Promise<string>): Promise<string> {
  const byObject = drawn.get(part) ?? drawn.set(part, new WeakMap()).get(part)!;
  let html = byObject.get(of);
  if (!html) {
    html = draw();
    byObject.set(of, html);
    // A failed drawing is not kept: the next page draws it again.
    html.catch(() => byObject.delete(of));
  }
  return html;
}
