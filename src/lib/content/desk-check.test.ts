import { expect, test } from 'vitest';
import { checkDeskContent, frontMatterOf } from './desk-check.ts';
import { slugProblem } from './desk-content.ts';
import { deskFields } from './desk-fields.ts';

const recipe = (over: Record<string, string> = {}, body = 'Brew it.') => ({
  en: {
    data: {
      title: 'V60',
      description: 'A clean cup.',
      date: '2026-11-01',
      method: 'filter',
      image: 'kettle-20-1',
      imageAlt: 'A V60',
      ingredients: '15 g coffee\n250 g water\n',
      steps: 'Rinse\n\nPour',
      brewMinutes: '٣',
      ratio: '1:16',
      servings: '1',
      ...over,
    },
    body,
  },
  ar: {
    data: { title: 'V60', description: 'كوب نظيف.', imageAlt: 'قمع', ingredients: '١٥ جم بن', steps: 'اشطف', ratio: '1:16' },
    body: 'حضّرها.',
  },
});

test('the form asks shared values once: dates, numbers, choices and patterned values are the same in both languages', () => {
  const fields = Object.fromEntries(deskFields('recipes').map((f) => [f.name, f]));
  expect(fields['title']).toMatchObject({ kind: 'text', shared: false, required: true, max: 110 });
  expect(fields['description']).toMatchObject({ kind: 'long', shared: false });
  expect(fields['method']).toMatchObject({
    kind: 'choice',
    shared: true,
    choices: ['espresso', 'filter', 'cold', 'turkish', 'milk'],
  });
  expect(fields['image']).toMatchObject({ kind: 'text', shared: true });
  expect(fields['steps']).toMatchObject({ kind: 'list', shared: false });
  expect(deskFields('articles').find((f) => f.name === 'tags')).toMatchObject({ kind: 'list', required: false });
});

test('front matter: lists by line without blanks, Arabic digits read, shared values from the English side', () => {
  const data = frontMatterOf(deskFields('recipes'), recipe(), 'ar');
  expect(data).toMatchObject({
    ingredients: ['١٥ جم بن'],
    steps: ['اشطف'],
    brewMinutes: 3,
    method: 'filter',
    date: '2026-11-01',
  });
  expect(frontMatterOf(deskFields('recipes'), recipe(), 'en')['steps']).toEqual(['Rinse', 'Pour']);
  expect(checkDeskContent('recipes', recipe())).toEqual({});
});

test('each problem is named by its field and language', () => {
  expect(
    checkDeskContent('recipes', recipe({ method: 'aeropress', servings: 'two', date: '2026-13-45', title: 'x'.repeat(111) })),
  ).toEqual({
    method: ['invalid'],
    servings: ['notANumber'],
    date: ['invalidDate'],
    'en.title': ['tooLong'],
  });
});

test('the body: required, no raw HTML, no script links', () => {
  expect(checkDeskContent('recipes', recipe({}, ' '))).toEqual({ 'en.body': ['required'] });
  expect(checkDeskContent('recipes', recipe({}, 'Hi <img src=x onerror=alert(1)>'))).toEqual({ 'en.body': ['noHtml'] });
  expect(checkDeskContent('recipes', recipe({}, '[tap](javascript:alert(1))'))).toEqual({ 'en.body': ['unsafeLink'] });
  expect(checkDeskContent('recipes', recipe({}, '[shop](/products) [mail](mailto:a@b.c) ![x](https://cdn.x/y.webp)'))).toEqual(
    {},
  );
});

test('an address: lowercase letters, digits and single hyphens, at most 80 characters', () => {
  expect(slugProblem('milk-for-a-flat-white')).toBeNull();
  expect(slugProblem('')).toBe('required');
  expect(slugProblem('Milk For Two')).toBe('invalid');
  expect(slugProblem('double--hyphen')).toBe('invalid');
  expect(slugProblem('a'.repeat(81))).toBe('tooLong');
});
