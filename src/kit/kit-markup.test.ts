import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { Button, buttonClass } from './Button.tsx';
import { ChoiceGroup } from './ChoiceGroup.tsx';
import DataTable from './DataTable.tsx';
import { Field, Input } from './Field.tsx';
import { Notice } from './Notice.tsx';
import { Pager } from './Pager.tsx';
import { SelectField } from './SelectField.tsx';
import { Tabs } from './Tabs.tsx';

/** The kit's pieces as the server draws them (issue 33): what screen readers and the one-way checks rely on. */
describe('the desk kit', () => {
  test("a table's selection boxes are drawn disabled until the island runs (a box ticked before then was unticked)", () => {
    const html = renderToStaticMarkup(
      h(DataTable<{ id: number }>, {
        caption: 'Orders',
        columns: [{ id: 'id', label: 'Order', header: 'Order', cell: ({ row }) => String(row.original.id) }],
        rows: [{ id: 1 }, { id: 2 }],
        rowId: (row) => String(row.id),
        empty: 'None',
        selection: {},
        onSelectionChange: () => {},
        selectLabel: (row) => `Select ${row.id}`,
        selectAllLabel: 'Select all',
      }),
    );
    const boxes = html.match(/<input[^>]*type="checkbox"[^>]*>/g) ?? [];
    expect(boxes).toHaveLength(3);
    for (const box of boxes) expect(box).toContain('disabled=""');
  });

  test('a field names its hint and its error with aria-describedby and marks a refused value aria-invalid', () => {
    const html = renderToStaticMarkup(
      h(Input, { name: 'amount', label: 'Amount', hint: 'In EGP', errors: { amount: ['Not an amount'] }, idPrefix: 'pay' }),
    );
    expect(html).toContain('id="pay-amount"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="pay-amount-hint pay-amount-error"');
    expect(html).toMatch(/<p id="pay-amount-error"[^>]*data-field-error[^>]*>Not an amount<\/p>/);
    const calm = renderToStaticMarkup(h(Field, { id: 'x', label: 'X', children: (a11y) => h('input', a11y) }));
    expect(calm).toContain('aria-invalid="false"');
    expect(calm).not.toContain('aria-describedby');
  });

  test('a select is named by its label, shows the chosen option and wires its error like a field', () => {
    const html = renderToStaticMarkup(
      h(SelectField, {
        id: 'rule-seller_id',
        name: 'seller_id',
        label: 'Seller',
        options: [
          { id: 1, name: 'Nile Roasters' },
          { id: 2, name: 'Delta Beans' },
        ],
        value: 2,
        onChange: () => {},
        error: ['Choose a seller'],
      }),
    );
    expect(html).toContain('<label for="rule-seller_id"');
    expect(html).toMatch(
      /<select id="rule-seller_id" aria-invalid="true" aria-describedby="rule-seller_id-error"[^>]*name="seller_id"/,
    );
    expect(html).toContain('<option value="2" selected="">Delta Beans</option>');
    expect(html).not.toContain('<option value="1" selected');
    expect(html).toMatch(/<p id="rule-seller_id-error"[^>]*data-field-error[^>]*>Choose a seller<\/p>/);
    // Uncontrolled, with a "Choose…" first choice that a required select refuses, and { value, label } options.
    const open = renderToStaticMarkup(
      h(SelectField, {
        id: 'p-kind',
        label: 'Kind',
        placeholder: 'Choose…',
        required: true,
        defaultValue: '',
        options: [{ value: 'fixed', label: 'Fixed' }],
      }),
    );
    expect(open).toMatch(/<select[^>]*required=""/);
    expect(open).toContain('<option value="" selected="">Choose…</option><option value="fixed">Fixed</option>');
    expect(open).toContain('aria-invalid="false"');
  });

  test('a choice group names its radios with a legend, checks the chosen one and names its error', () => {
    const options = [
      { value: 'credit', label: 'Credit' },
      { value: 'debit', label: 'Debit' },
    ];
    const html = renderToStaticMarkup(
      h(ChoiceGroup, {
        legend: 'Direction',
        name: 'direction',
        options,
        value: 'debit',
        onChange: () => {},
        error: ['Pick one'],
      }),
    );
    expect(html).toMatch(/^<fieldset aria-describedby="([^"]+)"><legend[^>]*>Direction<\/legend>/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)![1];
    expect(html).toMatch(new RegExp(`<p id="${describedBy}"[^>]*data-field-error[^>]*>Pick one</p></fieldset>$`));
    // Each radio sits inside its own label (its accessible name); only the chosen one is checked.
    const radios = [...html.matchAll(/<label[^>]*>(<input type="radio"[^>]*>)([^<]*)<\/label>/g)];
    expect(radios.map(([, , label]) => label)).toEqual(['Credit', 'Debit']);
    expect(radios.map(([, input]) => input!.includes('checked=""'))).toEqual([false, true]);
    expect(radios.every(([, input]) => input!.includes('name="direction"'))).toBe(true);
    const calm = renderToStaticMarkup(
      h(ChoiceGroup, { legend: 'Direction', name: 'direction', options, defaultValue: 'credit', layout: 'stacked' }),
    );
    expect(calm).not.toContain('aria-describedby');
    expect(calm).toMatch(/<label class="mt-1 flex[^"]*"><input type="radio"[^>]*checked=""[^>]*value="credit"/);
  });

  test('a refusal is one alert; nothing to say draws nothing', () => {
    expect(renderToStaticMarkup(h(Notice, null, 'Someone else changed this order'))).toMatch(/^<div role="alert"[^>]*>Someone/);
    expect(renderToStaticMarkup(h(Notice, null, ''))).toBe('');
    expect(renderToStaticMarkup(h(Notice, { tone: 'info', children: 'Inactive' }))).not.toContain('role="alert"');
  });

  test('a busy button is disabled and says so', () => {
    const html = renderToStaticMarkup(h(Button, { busy: true, busyLabel: 'Saving…' }, 'Save'));
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Saving…');
    expect(html).toContain('type="button"');
    expect(buttonClass('danger')).toContain('bg-red-700');
  });

  test('the pager links the pages around this one, and is absent for a single page', () => {
    const pager = (page: number, more?: boolean, pages?: number) =>
      renderToStaticMarkup(
        h(Pager, { page, pages, more, href: (n) => `?page=${n}`, label: `Page ${page}`, previous: 'Prev', next: 'Next' }),
      );
    expect(pager(2, undefined, 3)).toContain('<a rel="prev"');
    expect(pager(2, undefined, 3)).toContain('href="?page=3"');
    expect(pager(3, undefined, 3)).not.toContain('rel="next"');
    expect(pager(1, true)).toContain('href="?page=2"');
    expect(pager(1, false)).toBe('');
  });

  test('tabs mark the current view with aria-current', () => {
    const html = renderToStaticMarkup(
      h(Tabs, {
        label: 'Refunds by status',
        current: 'paid',
        tabs: [
          { key: 'owed', label: 'Owed', href: '/en/admin/refunds' },
          { key: 'paid', label: 'Paid', href: '/en/admin/refunds?status=paid' },
        ],
      }),
    );
    expect(html).toContain('aria-label="Refunds by status"');
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toMatch(/href="\/en\/admin\/refunds\?status=paid" aria-current="page"/);
  });
});
