import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolateIsolated, plural } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import type { GridProduct } from './catalog-views.ts';
import { cellText, gridChanges, type TypedRow } from './grid-edits.ts';
import { Button } from '#kit/Button.tsx';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import { inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { useMounted } from '#islands/shared/use-mounted.ts';

type Text = Dictionary['adminCatalog']['grid'];
type Cell = keyof TypedRow;

/**
 * /admin/products: price, old price and stock edited in place, one save for every changed row (all or nothing). Cells
 * that do not read as an amount are named before anything is sent; the server's refusals land on their cell.
 */
export default function ProductGrid({ locale, text, initial }: { locale: Locale; text: Text; initial: GridProduct[] }) {
  const [rows, setRows] = useState(initial);
  const [typed, setTyped] = useState<Record<number, TypedRow>>({});
  const [note, setNote] = useState('');
  const { dirty } = gridChanges(rows, typed);
  // A cell typed in before the island runs would be drawn over with its stored value at hydration: cells wait for it.
  const mounted = useMounted();
  // The saved rows come back: the grid shows them, and nothing is typed any more.
  const action = useDeskAction<GridProduct[]>({
    locale,
    done: text.saved,
    refresh: (savedRows) => {
      const saved = new Map(savedRows.map((p) => [p.id, p]));
      setRows((current) => current.map((p) => saved.get(p.id) ?? p));
      setTyped({});
      setNote('');
    },
  });
  // The server's refusals and the cells named before sending, keyed `<id>.<field>`.
  const errors = Object.fromEntries(Object.entries(action.state.errors).map(([cell, messages]) => [cell, messages.join(' ')]));

  const save = async () => {
    const { changes: rowsToSend, problems } = gridChanges(rows, typed);
    const named = Object.entries(problems).map(([cell, p]): [string, string[]] => [cell, [text[p]]]);
    if (named.length) return action.refuse(Object.fromEntries(named), undefined, named[0]![1][0]);
    action.reset();
    if (!rowsToSend.length) return;
    await action.run({ path: '/products', method: 'PATCH', body: { rows: rowsToSend, note } });
  };

  const labelOf = { price: text.priceOf, before_discount: text.oldPriceOf, stock: text.stockOf };
  const cell = (field: Cell, label: string): DeskColumn<GridProduct> => ({
    id: field,
    label,
    header: label,
    cell: ({ row }) => {
      const p = row.original;
      const key = `${p.id}.${field}`;
      const error = errors[key];
      return (
        <>
          <input
            aria-label={interpolateIsolated(labelOf[field], { sku: p.sku })}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${key}-error` : undefined}
            inputMode={field === 'stock' ? 'numeric' : 'decimal'}
            disabled={!mounted}
            dir="ltr"
            className={`${inputClass} mt-0 w-28 max-md:w-full`}
            value={typed[p.id]?.[field] ?? cellText(p, field)}
            onChange={(e) => setTyped((t) => ({ ...t, [p.id]: { ...t[p.id], [field]: e.target.value } }))}
          />
          {error && (
            <p id={`${key}-error`} className="mt-1 text-xs text-red-800" data-field-error>
              {error}
            </p>
          )}
        </>
      );
    },
  });
  const columns: DeskColumn<GridProduct>[] = [
    {
      id: 'sku',
      label: text.sku,
      header: text.sku,
      cell: ({ row }) => (
        <a
          href={localePath(locale, `/admin/products/${row.original.id}`)}
          aria-label={interpolateIsolated(text.open, { sku: row.original.sku })}
          className="font-mono underline underline-offset-2"
          dir="ltr"
        >
          {row.original.sku}
        </a>
      ),
    },
    { id: 'name', label: text.name, header: text.name, cell: ({ row }) => row.original.name },
    cell('price', text.price),
    cell('before_discount', text.oldPrice),
    cell('stock', text.stock),
  ];

  return (
    <div className="space-y-4">
      <DataTable caption={text.title} columns={columns} rows={rows} rowId={(p) => String(p.id)} empty={text.empty} />
      <div className="sticky bottom-0 flex flex-wrap items-end gap-4 rounded-xl bg-white p-4 shadow-md">
        <label className="block min-w-0 flex-1 basis-64 text-sm font-semibold">
          {text.note}
          <input
            className={inputClass}
            value={note}
            disabled={!mounted}
            maxLength={200}
            onChange={(e) => setNote(e.target.value)}
            aria-describedby="grid-note-hint"
          />
          <span id="grid-note-hint" className="mt-1 block text-xs font-normal text-roast-700">
            {text.noteHint}
          </span>
        </label>
        <Button busy={action.busy} disabled={!dirty} onClick={() => void save()}>
          {!dirty ? text.nothing : dirty === 1 ? text.saveOne : plural(text.save, dirty, locale)}
        </Button>
        <Notice className="w-full">{action.state.message}</Notice>
      </div>
    </div>
  );
}
