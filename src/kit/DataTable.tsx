import {
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useMounted } from '#islands/shared/use-mounted.ts';

/**
 * The desk's one table (issues 22, 33): TanStack Table (headless) for the column model and row selection, our own markup with
 * logical CSS so RTL needs nothing extra. Sorting and paging happen on the server: a sortable header is a button that
 * reports the column's sort key, and aria-sort tells screen readers the current order. Below 768 px each row folds into
 * a card of label/value pairs instead of scrolling sideways.
 */
export const tableFeaturesUsed = tableFeatures({ rowSelectionFeature });
export type DeskColumn<T extends RowData> = ColumnDef<typeof tableFeaturesUsed, T> & {
  /** The server's sort key for this column, when it can be sorted. */
  sortKey?: string;
  /** The header text (also the label of the value in a phone's card). */
  label: string;
  /** Amounts and counts line up at the end edge. */
  align?: 'end';
};

export interface SortState {
  key: string;
  dir: 'asc' | 'desc';
}

interface Props<T extends RowData> {
  caption: string;
  columns: DeskColumn<T>[];
  rows: T[];
  rowId: (row: T) => string;
  sort?: SortState | undefined;
  onSort?: ((key: string) => void) | undefined;
  sortLabel?: ((column: string) => string) | undefined;
  selection?: RowSelectionState | undefined;
  onSelectionChange?: ((next: RowSelectionState) => void) | undefined;
  selectLabel?: ((row: T) => string) | undefined;
  selectAllLabel?: string | undefined;
  empty: ReactNode;
  /** Data attributes of a row (what tests and scripts find it by). */
  rowData?: ((row: T) => Record<`data-${string}`, string>) | undefined;
}

export default function DataTable<T extends RowData>(props: Props<T>) {
  const { caption, columns, rows, rowId, sort, onSort, selection, onSelectionChange, empty } = props;
  const selectable = Boolean(selection && onSelectionChange);
  const table = useTable({
    features: tableFeaturesUsed,
    columns,
    data: rows,
    getRowId: rowId,
    enableRowSelection: selectable,
    state: { rowSelection: selection ?? {} },
    onRowSelectionChange: (updater) => {
      if (!onSelectionChange) return;
      onSelectionChange(typeof updater === 'function' ? updater(selection ?? {}) : updater);
    },
  });
  // A box ticked before the island runs is unticked again at hydration (the selection is React's): they wait for it.
  const mounted = useMounted();
  if (!rows.length) return <p className="rounded-lg bg-white p-6 text-center text-sm text-roast-700">{empty}</p>;
  return (
    <table className="w-full border-collapse text-sm max-md:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-roast-50 text-start max-md:sr-only">
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {selectable && (
              <th scope="col" className="w-10 p-2">
                <input
                  type="checkbox"
                  aria-label={props.selectAllLabel}
                  disabled={!mounted}
                  checked={table.getIsAllRowsSelected()}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                />
              </th>
            )}
            {group.headers.map((header) => {
              const column = header.column.columnDef as DeskColumn<T>;
              const active = sort && column.sortKey === sort.key;
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`p-2 font-semibold ${column.align === 'end' ? 'text-end' : 'text-start'}`}
                >
                  {column.sortKey && onSort ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline"
                      onClick={() => onSort(column.sortKey!)}
                      aria-label={props.sortLabel?.(column.label)}
                    >
                      {column.label}
                      <span aria-hidden="true">{active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {table.getRowModel().rows.map((row) => (
          <tr
            key={row.id}
            className="border-b border-roast-100 bg-white align-top max-md:block max-md:rounded-lg max-md:border max-md:p-3"
            aria-selected={selectable ? row.getIsSelected() : undefined}
            {...props.rowData?.(row.original)}
          >
            {selectable && (
              <td className="p-2 max-md:block max-md:p-1">
                <input
                  type="checkbox"
                  aria-label={props.selectLabel?.(row.original)}
                  disabled={!mounted}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              </td>
            )}
            {row.getAllCells().map((cell) => {
              const column = cell.column.columnDef as DeskColumn<T>;
              return (
                // A long unbroken value (an e-mail, a provider's reference) may break anywhere, so a table never widens
                // the page: at 360 px in Arabic the staff list and the audit log did, and the paid refunds at 1280 px.
                <td
                  key={cell.id}
                  className={`p-2 [overflow-wrap:anywhere] max-md:flex max-md:flex-wrap max-md:gap-x-2 max-md:p-1 ${column.align === 'end' ? 'md:text-end' : ''}`}
                >
                  <span aria-hidden="true" className="font-semibold text-roast-700 md:hidden">
                    {column.label}:
                  </span>
                  <table.FlexRender cell={cell} />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
