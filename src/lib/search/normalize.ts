/**
 * Arabic-aware text folding shared by the search index and its queries: both sides go through the
 * same functions, so "أسبريسو", "إسبريسو" and "اسبريسو" meet in one term.
 */

// Harakat, tanween, shadda, sukun, superscript alef and Quranic marks: optional in everyday writing.
const TASHKEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
const ALEF_FORMS = /[أإآٱ]/g;
// Arabic-Indic (٠-٩) and Extended/Persian (۰-۹) digits read as 0-9.
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const LATIN_MARKS = /[\u0300-\u036f]/g;

function digitValue(ch: string): string {
  const code = ch.charCodeAt(0);
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
}

/** Folds one string: lower case, no Latin accents, unified alef/yaa/taa marbuta, no tashkeel or tatweel. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(LATIN_MARKS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(TASHKEEL, '')
    .replace(TATWEEL, '')
    .replace(ALEF_FORMS, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(EASTERN_DIGITS, digitValue);
}

/**
 * One term as the index stores it. The Arabic definite article is dropped from words long enough to
 * keep a stem ("القهوه" → "قهوه"), so "coffee" written with or without "ال" meets the same entry.
 */
export function normalizeTerm(term: string): string {
  const folded = foldText(term);
  if (folded.startsWith('ال') && Array.from(folded).length >= 5) return folded.slice(2);
  return folded;
}

// Words are runs of letters or digits in any script; everything else (spaces, punctuation, ×) separates.
const WORD = /[\p{L}\p{N}]+/gu;

/** Splits text into normalised terms. */
export function tokenize(text: string): string[] {
  return (foldText(text).match(WORD) ?? []).map(normalizeTerm);
}
