/** Fills `{name}` placeholders: interpolate('Page {page}', { page: 2 }). Dictionary-free, so islands can import it. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
