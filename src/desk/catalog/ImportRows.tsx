import type { Dictionary } from '#i18n/en.ts';
import { formatList } from '#i18n/format.ts';
import { interpolate, plural } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import type { ImportReport } from './catalog-csv.ts';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';

type Text = Dictionary['adminCatalog']['csv'];
type Row = ImportReport['details'][number];

/** An import's rows, line by line: every refused one with why, then what would be (or was) created or changed. */
export default function ImportRows({ locale, text, report }: { locale: Locale; text: Text; report: ImportReport }) {
  if (!report.details.length) return null;
  const why = (row: Row) =>
    row.action === 'refused'
      ? row.problems.map((p) => interpolate(text.problems[p.problem], { column: p.column })).join(' ')
      : row.changes.length
        ? interpolate(text.changes, { columns: formatList(row.changes, locale) })
        : '';
  const listed = report.details.filter((d) => d.action !== 'refused').length;
  const columns: DeskColumn<Row>[] = [
    { id: 'line', label: text.line, header: text.line, cell: ({ row }) => <span data-import-line>{row.original.line}</span> },
    {
      id: 'sku',
      label: text.sku,
      header: text.sku,
      cell: ({ row }) => (
        <span className="font-mono" dir="ltr">
          {row.original.sku}
        </span>
      ),
    },
    {
      id: 'what',
      label: text.what,
      header: text.what,
      cell: ({ row }) => (
        <span className={row.original.action === 'refused' ? 'font-semibold text-red-800' : ''}>
          {text.actions[row.original.action]}
        </span>
      ),
    },
    { id: 'why', label: text.why, header: text.why, cell: ({ row }) => why(row.original) },
  ];
  return (
    <>
      <DataTable
        caption={text.title}
        columns={columns}
        rows={report.details}
        rowId={(row) => String(row.line)}
        rowData={(row) => ({ 'data-import-row': row.action })}
        empty=""
      />
      {listed < report.create + report.update && <p className="text-sm text-roast-700">{plural(text.more, listed, locale)}</p>}
    </>
  );
}
