import type { Dictionary } from '../../../i18n/en.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { ImportReport } from '../../../lib/admin/catalog-csv.ts';

type Text = Dictionary['adminCatalog']['csv'];

/** An import's rows, line by line: every refused one with why, then what would be (or was) created or changed. */
export default function ImportRows({ text, report }: { text: Text; report: ImportReport }) {
  if (!report.details.length) return null;
  const why = (row: ImportReport['details'][number]) =>
    row.action === 'refused'
      ? row.problems.map((p) => interpolate(text.problems[p.problem], { column: p.column })).join(' ')
      : row.changes.length
        ? interpolate(text.changes, { columns: row.changes.join(', ') })
        : '';
  const listed = report.details.filter((d) => d.action !== 'refused').length;
  return (
    <>
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{text.title}</caption>
        <thead>
          <tr>
            {[text.line, text.sku, text.what, text.why].map((h) => (
              <th key={h} scope="col" className="p-2 text-start">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.details.map((row) => (
            <tr key={row.line} className="border-t border-roast-100" data-import-row={row.action}>
              <td className="p-2">{row.line}</td>
              <td className="p-2 font-mono" dir="ltr">
                {row.sku}
              </td>
              <td className={`p-2 ${row.action === 'refused' ? 'font-semibold text-red-800' : ''}`}>
                {text.actions[row.action]}
              </td>
              <td className="p-2">{why(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {listed < report.create + report.update && (
        <p className="text-sm text-roast-700">{interpolate(text.more, { shown: listed })}</p>
      )}
    </>
  );
}
