import DataTable, { type DeskColumn } from './DataTable.tsx';

/** A cell an Astro page hands over: text, or a link (with a fuller name for screen readers). */
export type PageCell = string | { text: string; href: string; label?: string | undefined };
export interface PageRow {
  id: string;
  cells: Record<string, PageCell>;
}
export interface PageColumn {
  id: string;
  label: string;
  align?: 'end';
}

/**
 * The DataTable columns of already worded cells: PageTable's, and an island's that draws the same list with a column
 * of its own (a row's buttons) beside them.
 */
export function pageColumns<T extends PageRow>(columns: PageColumn[]): DeskColumn<T>[] {
  return columns.map(({ id, label, align }) => ({
    id,
    label,
    header: label,
    ...(align ? { align } : {}),
    cell: ({ row }) => {
      const cell = row.original.cells[id] ?? '';
      return typeof cell === 'string' ? (
        <bdi>{cell}</bdi>
      ) : (
        <a href={cell.href} aria-label={cell.label} className="underline underline-offset-2">
          {cell.text}
        </a>
      );
    },
  }));
}

/**
 * DataTable for a list an Astro page draws without an island (rendered there with no client directive): the page
 * passes columns and already worded cells, since it cannot build React cells itself.
 */
export default function PageTable({
  caption,
  columns,
  rows,
  empty = '',
}: {
  caption: string;
  columns: PageColumn[];
  rows: PageRow[];
  empty?: string;
}) {
  return <DataTable caption={caption} columns={pageColumns<PageRow>(columns)} rows={rows} rowId={(r) => r.id} empty={empty} />;
}
