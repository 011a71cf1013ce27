/** Fills `{name}` placeholders: interpolate('Page {page}', { page: 2 }). Dictionary-free, so islands can import it. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/**
 * Splits a template around its placeholders so a view can wrap each filled value (e.g. a price in <bdi>):
 * interpolateParts('From {a} to {b}', { a: 1, b: 2 }) → ['From ', { key: 'a', value: '1' }, ' to ', { key: 'b', value: '2' }].
 */
export function interpolateParts(
  template: string,
  values: Record<string, string | number>,
): (string | { key: string; value: string })[] {
  return template
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .map((part) => {
      const key = /^\{(\w+)\}$/.exec(part)?.[1];
      return key !== undefined && key in values ? { key, value: String(values[key]) } : part;
    });
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** Picks the plural form with Intl.PluralRules (one per locale, built once) and fills {count}. */
export function plural(forms: { one: string; other: string }, count: number, locale: string): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return interpolate(rules.select(count) === 'one' ? forms.one : forms.other, { count });
}
