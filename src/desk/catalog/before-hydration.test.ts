import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { ar } from '../../i18n/ar.ts';
import { en } from '../../i18n/en.ts';
import ProductEditor from './ProductEditor.tsx';
import ProductGrid from './ProductGrid.tsx';

/**
 * What the operator gets before the island runs (a slow phone's first second): controls that wait for it. A price typed
 * into the grid then was drawn over with the stored one at hydration, and a category picked in the editor did not
 * bring its sub-categories (three CI journeys met it; an operator would, silently).
 */
const rows = [{ id: 7, sku: 'ETH-250', name: 'Yirgacheffe', price: 250_00, before_discount: null, stock: 4 }];
const choices = { categories: [{ id: 1, name: 'Coffee', sub_categories: [{ id: 2, name: 'Beans' }] }], sellers: [] };
const inputs = (html: string) => html.match(/<input[^>]*>/g) ?? [];

test.each([
  ['en', en],
  ['ar', ar],
] as const)('the grid is drawn with its cells and note disabled until it runs (%s)', (locale, dictionary) => {
  const html = renderToString(createElement(ProductGrid, { locale, text: dictionary.adminCatalog.grid, initial: rows }));
  expect(inputs(html)).toHaveLength(4);
  for (const input of inputs(html)) expect(input).toMatch(/\sdisabled=""/);
});

test('the editor is drawn inside a disabled fieldset until it runs, the submit button too', () => {
  const html = renderToString(createElement(ProductEditor, { locale: 'en', text: en.adminCatalog, choices, product: null }));
  expect(html).toMatch(/<form[^>]*><fieldset disabled=""/);
  expect(html.lastIndexOf('</fieldset>')).toBeGreaterThan(html.lastIndexOf('<button'));
});
