import { describe, expect, test } from 'vitest';
import { foldText, normalizeTerm, tokenize } from './normalize.ts';
import { synonymsOf } from './synonyms.ts';

describe('foldText', () => {
  test.each([
    ['أسبريسو', 'اسبريسو'],
    ['إسبريسو', 'اسبريسو'],
    ['آلة', 'اله'],
    ['ٱلقهوة', 'القهوه'],
    ['مقهى', 'مقهي'],
    ['قهوة', 'قهوه'],
    ['قَهْوَةٌ', 'قهوه'],
    ['مطحـــنة', 'مطحنه'],
    ['٢٥٠ جم', '250 جم'],
    ['۱۰۰۰', '1000'],
    ['Café CRÈME', 'cafe creme'],
    ['Nariño', 'narino'],
  ])('%s → %s', (input, folded) => {
    expect(foldText(input)).toBe(folded);
  });
});

describe('normalizeTerm and tokenize', () => {
  test('drops the definite article only from words long enough to keep a stem', () => {
    expect(normalizeTerm('القهوة')).toBe('قهوه');
    expect(normalizeTerm('البرازيل')).toBe('برازيل');
    // "الة" (machine, from آلة) is a word of its own, not "ال" + "ة".
    expect(normalizeTerm('آلة')).toBe('اله');
  });

  test('splits on spaces and punctuation, keeps numbers and Latin inside Arabic text', () => {
    expect(tokenize('فلاتر V60 ورقية ×١٠٠')).toEqual(['فلاتر', 'v60', 'ورقيه', '100']);
    expect(tokenize('Pour-over Stand, Walnut!')).toEqual(['pour', 'over', 'stand', 'walnut']);
    expect(tokenize('  ')).toEqual([]);
  });

  test('different spellings of the same word meet in one term', () => {
    const forms = ['إثيوبيا', 'أثيوبيا', 'اثيوبيا', 'إثيـوبيا', 'إِثْيُوبْيَا'];
    expect(new Set(forms.map(normalizeTerm)).size).toBe(1);
  });

  test('letters that only look alike stay apart', () => {
    expect(normalizeTerm('بن')).not.toBe(normalizeTerm('بين'));
    expect(normalizeTerm('كوب')).not.toBe(normalizeTerm('كرب'));
    expect(normalizeTerm('cup')).not.toBe(normalizeTerm('cap'));
  });
});

describe('synonymsOf', () => {
  test.each([
    ['espresso', 'اسبريسو'],
    ['espresso', 'اسبرسو'],
    ['إسبريسو', 'espresso'],
    ['coffee', 'قهوه'],
    ['coffee', 'بن'],
    ['القهوة', 'coffee'],
    ['grinder', 'مطحنه'],
    ['مطحنة', 'grinder'],
    ['kettle', 'غلايه'],
    ['mug', 'كوب'],
    ['Cardamom', 'حبهان'],
    ['البرازيل', 'brazil'],
  ])('%s finds %s', (word, synonym) => {
    expect(synonymsOf(word)).toContain(synonym);
  });

  test.each([
    ['espresso', 'قهوه'],
    ['coffee', 'مطحنه'],
    ['grinder', 'غلايه'],
    ['tea', 'coffee'],
    ['cup', 'capsule'],
    ['milk', 'chocolate'],
  ])('%s must not find %s', (word, other) => {
    expect(synonymsOf(word)).not.toContain(other);
  });

  test('a word without synonyms is only itself, normalised', () => {
    expect(synonymsOf('Yirgacheffe')).toEqual(['yirgacheffe']);
  });
});
