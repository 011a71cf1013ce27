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

/** First-strong isolate and its closing mark (Unicode bidi, UAX #9): the plain-string form of `<bdi>`. */
export const FSI = '\u2068';
export const PDI = '\u2069';

/**
 * One filled value isolated for a plain string (a page title, an aria-label, a toast, a confirm text): its
 * direction is its own first strong letter, and with none (an order id, a phone, a price) left to right, so the
 * "#" of "#12", the "+" of "+20 10…" and the groups of "010 1234 5678" stay where they were typed inside Arabic.
 * In markup use `<Filled>` (src/islands/shared/Filled.tsx), which wraps the same values in `<bdi>`.
 */
export const isolate = (value: string | number): string => `${FSI}${value}${PDI}`;

/** interpolate() with every filled value isolated (see isolate): the one way to fill ids, phones, prices and codes. */
export function interpolateIsolated(template: string, values: Record<string, string | number>): string {
  return interpolateParts(template, values)
    .map((part) => (typeof part === 'string' ? part : isolate(part.value)))
    .join('');
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * A counted phrase in every form its language needs. English has `one` and `other`; Arabic also has `two`
 * (dual), `few` (3-10: plural) and `many` (11-99: singular in the accusative, "17 منتجًا"), and reads `other`
 * for 100 and above ("117 تقييمًا" is `many` again: Intl.PluralRules looks at the last two digits). A missing form
 * falls back to `other`.
 */
export interface PluralForms {
  zero?: string;
  one: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

/**
 * Picks the plural (and case) form with Intl.PluralRules (one per locale, built once), unfilled: for a view that
 * fills it itself, e.g. <Filled template={pluralForm(text.estimate, days, locale)} values={{ count: days }} />.
 */
export function pluralForm(forms: PluralForms, count: number, locale: string): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const category = rules.select(count) as keyof PluralForms;
  // English `zero` is `other`; only a language whose rules name `zero` (Arabic) reads that form.
  return forms[category] ?? forms.other;
}

/** Picks the plural (and case) form and fills {count} (other placeholders are left for interpolate()). */
export function plural(forms: PluralForms, count: number, locale: string): string {
  return interpolate(pluralForm(forms, count, locale), { count });
}
