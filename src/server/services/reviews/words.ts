import { foldText, tokenize } from '#lib/search/normalize.ts';
import type { ShopDb } from '../../db/index.ts';

/**
 * The desk's words that send a review to the top of the queue (issue 52), matched through the shop's Arabic
 * normaliser (src/lib/search/normalize.ts): "أ/إ/ا", "ى/ي", "ة/ه", tashkeel, tatweel and case all meet, so spelling
 * variants of a word match. A word of several terms matches those terms in a row.
 */
export function matchedWord(text: string, words: readonly { word: string; folded: string }[]): string | null {
  const terms = tokenize(text);
  if (!terms.length) return null;
  const joined = ` ${terms.join(' ')} `;
  for (const w of words) {
    const wanted = tokenize(w.folded).join(' ');
    if (wanted && joined.includes(` ${wanted} `)) return w.word;
  }
  return null;
}

/** A word as stored (its folded form is unique). */
export const foldedWord = (word: string) => tokenize(foldText(word)).join(' ');

/** The words of the desk, to check a text against. */
export async function reviewWords(db: ShopDb) {
  return db.selectFrom('review_words').select(['id', 'word', 'folded', 'created_at']).orderBy('word').execute();
}
