import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { ar } from '#i18n/ar.ts';
import { en } from '#i18n/en.ts';
import ProductEditor from './catalog/ProductEditor.tsx';
import ProductGrid from './catalog/ProductGrid.tsx';
import CourierCash from './couriers/CourierCash.tsx';

/**
 * What the operator gets before the island runs (a slow phone's first second): controls that wait for it. A price typed
 * into the grid then was drawn over with the stored one at hydration, a category picked in the editor did not bring its
 * sub-categories, and orders ticked for a courier's remittance were unticked again (CI journeys met each; an operator
 * would, silently). A table's selection boxes are the kit's (src/kit/kit-markup.test.ts).
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

test("a courier's remittance form is drawn disabled until it runs, its amount and note among it", () => {
  const html = renderToString(
    createElement(CourierCash, {
      locale: 'ar',
      text: ar.adminCash,
      initial: {
        courier: { id: 3, name: 'Karim', phone: '+201000000000', active: true },
        cash: { owed: 500_00, shortfall: 0, owedOrders: 1, overdueOrders: 0, overdueAmount: 0, carrying: 0, carryingOrders: 0 },
        orders: [{ id: 41, deliveredAt: '2026-11-28T10:00:00Z', amount: 500_00, overdue: false }],
      },
      initialRemittances: [],
      can: { remit: true, writeOff: true },
    }),
  );
  const form = html.slice(html.indexOf('<form'));
  expect(form).toMatch(/^<form[^>]*><fieldset disabled=""/);
  expect(inputs(form).length).toBeGreaterThanOrEqual(2);
  expect(form.lastIndexOf('</fieldset>')).toBeGreaterThan(form.lastIndexOf('<input'));
});
