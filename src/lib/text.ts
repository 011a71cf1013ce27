/** Cuts text to `max` characters (by code point, so Arabic and emoji are never split) and adds an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/**
 * A short name for an address from a name: Latin letters and digits joined by hyphens ("Nile Roasters & Co." →
 * "nile-roasters-co"); empty when the name has none (an Arabic brand name), and the operator types one.
 */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** Arabic-Indic and Persian digits and the Arabic decimal separator, as an Arabic keyboard types them, to Latin. */
export const latinDigits = (text: string): string =>
  text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .trim();

const markupEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/**
 * Text made safe inside HTML or XML, as text or as a quoted attribute value: the five characters escaped as React
 * escapes them (so markup drawn as a string matches React's, cart-control-markup.ts), which XML reads too.
 */
export const escapeMarkup = (text: string): string => text.replace(/[&<>"']/g, (c) => markupEscapes[c]!);
