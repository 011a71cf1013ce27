/** Cuts text to `max` characters (by code point, so Arabic and emoji are never split) and adds an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`;
}
