/** A dictionary shape with every leaf widened to string, so translations can differ in text but not in keys. */
export type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> };

/**
 * One domain's texts in both languages (e.g. cart, catalog, content). The Arabic side is typed against
 * the English one, so a missing key fails the type check. Register the domain in en.ts and ar.ts.
 */
export function defineMessages<const T>(en: T, ar: Widen<T>): { en: T; ar: Widen<T> } {
  return { en, ar };
}
