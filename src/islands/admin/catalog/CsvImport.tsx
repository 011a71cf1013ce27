import { useState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import { CSV_COLUMNS, type ImportReport } from '../../../lib/admin/catalog-csv.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { Field } from '../../kit/Field.tsx';
import { FilePicker, type FileText } from '../../shared/FilePicker.tsx';
import ImportRows from './ImportRows.tsx';

type Text = Dictionary['adminCatalog']['csv'];

/**
 * /admin/products/import: a CSV is checked first (a dry run: row by row what would be created, changed or refused and
 * why), and imported only once every row can be; the import writes all of it or nothing.
 */
export default function CsvImport({ locale, text, fileText }: { locale: Locale; text: Text; fileText: FileText }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? 'check' : 'import');
    const form = new FormData();
    form.append('file', file);
    form.append('dry_run', dryRun ? '1' : '0');
    const res = await adminCall<ImportReport>(locale, '/products/import', { method: 'POST', body: form });
    setBusy(null);
    // A refused import answers 422 with the report of why in its detail.
    const next = res.ok ? res.body.data : (res.body as { detail?: { report?: ImportReport } }).detail?.report;
    if (!res.ok) showToast(res.message, 'error');
    if (!next) return;
    setReport(next);
    if (next.applied) showToast(interpolate(text.done, { create: next.create, update: next.update }), 'success');
  };

  const fileProblem = report?.fileProblem;
  const canImport = report && !report.applied && !report.refused && !fileProblem && report.create + report.update > 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
        <div className="min-w-0 flex-1 basis-72">
          <Field id="csv-file" label={text.file} hint={interpolate(text.fileHint, { columns: CSV_COLUMNS.join(', ') })}>
            {(a11y) => (
              <FilePicker
                {...a11y}
                text={fileText}
                locale={locale}
                accept=".csv,text/csv"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setReport(null);
                }}
              />
            )}
          </Field>
        </div>
        <button
          type="button"
          disabled={!file || Boolean(busy)}
          onClick={() => void send(true)}
          className="rounded-full border border-roast-200 bg-white px-5 py-2 font-semibold disabled:opacity-60"
        >
          {busy === 'check' ? text.checking : text.check}
        </button>
        {canImport && (
          <button
            type="button"
            disabled={Boolean(busy)}
            onClick={() => void send(false)}
            className="rounded-full bg-crema px-5 py-2 font-semibold text-white hover:bg-roast-500"
          >
            {busy === 'import' ? text.importing : interpolate(text.import, { count: report.create + report.update })}
          </button>
        )}
      </div>
      {report && (
        <section aria-live="polite" className="space-y-3" data-import-report>
          {fileProblem ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
              {fileProblem.kind === 'missingColumns'
                ? interpolate(text.missingColumns, { columns: fileProblem.columns.join(', ') })
                : fileProblem.kind === 'tooManyRows'
                  ? interpolate(text.tooManyRows, { max: fileProblem.max })
                  : text.empty}
            </p>
          ) : (
            <>
              <p className="font-semibold" data-import-summary>
                {report.applied
                  ? interpolate(text.done, { create: report.create, update: report.update })
                  : interpolate(text.summary, {
                      rows: report.rows,
                      create: report.create,
                      update: report.update,
                      unchanged: report.unchanged,
                      refused: report.refused,
                    })}
              </p>
              {!report.applied && (
                <p className={report.refused ? 'text-red-800' : 'text-green-900'}>
                  {report.refused ? text.fixFirst : text.ready}
                </p>
              )}
            </>
          )}
          <ImportRows text={text} report={report} />
        </section>
      )}
    </div>
  );
}
