import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate, isolate, plural } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { CSV_COLUMNS, type ImportReport } from './catalog-csv.ts';
import { Button } from '#kit/Button.tsx';
import { CsvFileField } from '#kit/CsvFileField.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import type { FileText } from '#islands/shared/FilePicker.tsx';
import ImportRows from './ImportRows.tsx';

type Text = Dictionary['adminCatalog']['csv'];

/**
 * /admin/products/import: a CSV is checked first (a dry run: row by row what would be created, changed or refused and
 * why), and imported only once every row can be; the import writes all of it or nothing.
 */
export default function CsvImport({ locale, text, fileText }: { locale: Locale; text: Text; fileText: FileText }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [mode, setMode] = useState<'check' | 'import'>('check');
  // What an import did, in counted phrases («أُنشئ منتجان، وتغيّرت 3 منتجات»).
  const importDone = (done: ImportReport) =>
    interpolate(text.done, {
      create: plural(text.createdCount, done.create, locale),
      update: plural(text.updatedCount, done.update, locale),
    });
  // The report is what the island shows: the dry run's, the import's, or a refused import's (422, in its detail).
  const action = useDeskAction<ImportReport>({
    locale,
    done: (next) => (next.applied ? importDone(next) : ''),
    refresh: setReport,
    refused: (problem) => {
      const refusedReport = (problem.detail as { report?: ImportReport } | undefined)?.report;
      if (refusedReport) setReport(refusedReport);
    },
  });
  const busy = action.busy ? mode : null;

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setMode(dryRun ? 'check' : 'import');
    const form = new FormData();
    form.append('file', file);
    form.append('dry_run', dryRun ? '1' : '0');
    await action.run({ path: '/products/import', body: form });
  };

  const fileProblem = report?.fileProblem;
  const canImport = report && !report.applied && !report.refused && !fileProblem && report.create + report.update > 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
        <div className="min-w-0 flex-1 basis-72">
          <CsvFileField
            id="csv-file"
            label={text.file}
            hint={interpolate(text.fileHint, { columns: isolate(CSV_COLUMNS.join(', ')) })}
            fileText={fileText}
            locale={locale}
            onFile={(chosen) => {
              setFile(chosen);
              setReport(null);
            }}
          />
        </div>
        <Button variant="secondary" disabled={!file || Boolean(busy)} onClick={() => void send(true)}>
          {busy === 'check' ? text.checking : text.check}
        </Button>
        {canImport && (
          <Button disabled={Boolean(busy)} onClick={() => void send(false)}>
            {busy === 'import' ? text.importing : plural(text.import, report.create + report.update, locale)}
          </Button>
        )}
      </div>
      <Notice>{action.state.message}</Notice>
      {report && (
        <section aria-live="polite" className="space-y-3" data-import-report>
          {fileProblem ? (
            <Notice>
              {fileProblem.kind === 'missingColumns'
                ? interpolate(text.missingColumns, { columns: fileProblem.columns.join(', ') })
                : fileProblem.kind === 'tooManyRows'
                  ? plural(text.tooManyRows, fileProblem.max, locale)
                  : text.empty}
            </Notice>
          ) : (
            <>
              <p className="font-semibold" data-import-summary>
                {report.applied
                  ? importDone(report)
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
          <ImportRows locale={locale} text={text} report={report} />
        </section>
      )}
    </div>
  );
}
