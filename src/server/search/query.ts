import type { Query } from 'minisearch';
import { tokenize } from '#lib/search/normalize.ts';
import { synonymsOf } from '#lib/search/synonyms.ts';

/** Typos are forgiven only in words long enough that one wrong letter cannot turn them into another word. */
export const TYPO_MIN_LENGTH = 5;

/**
 * Turns shopper text into a MiniSearch query: every word must match (AND); a word matches as typed
 * (with prefix while typing, one typo in longer words) or through any of its bilingual synonyms.
 * Terms are already normalised here, so the index's own tokenizer must not run again.
 */
export function buildQuery(text: string): Query | undefined {
  const terms = tokenize(text);
  if (terms.length === 0) return undefined;
  return {
    combineWith: 'AND',
    queries: terms.map((term) => {
      const [, ...synonyms] = synonymsOf(term);
      const typed: Query = {
        queries: [term],
        prefix: Array.from(term).length >= 2,
        fuzzy: Array.from(term).length >= TYPO_MIN_LENGTH ? 1 : false,
      };
      return synonyms.length
        ? { combineWith: 'OR', queries: [typed, { queries: synonyms, prefix: false, fuzzy: false }] }
        : typed;
    }),
  };
}
