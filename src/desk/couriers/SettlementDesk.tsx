import { useState } from 'react';
import { formatMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { adminCall } from '#kit/admin-client.ts';
import type { ReconciledOrder, SettlementReport } from './courier-delivery-views.ts';
import { Button } from '#kit/Button.tsx';
import DataTable from '#kit/DataTable.tsx';
import { Field, inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { reconciledColumns, settlementLineColumns, type SettlementText } from './settlement-columns.tsx';
import type { FileText } from '#islands/shared/FilePicker.tsx';
import { CsvFileField } from '#kit/CsvFileField.tsx';

/**
 * /admin/couriers/settlements (cash.read; issue 38): a company's delivered orders reconciled against its settlement
 * files; finance (cash.remit) checks a file (a dry run, line by line) and applies it once no line is refused.
 */
export default function SettlementDesk({
  locale,
  text,
  fileText,
  company,
  initial,
  canRemit,
}: {
  locale: Locale;
  text: SettlementText;
  fileText: FileText;
  company: string;
  initial: ReconciledOrder[];
  canRemit: boolean;
}) {
  const [rows, setRows] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [reference, setReference] = useState('');
  const [report, setReport] = useState<SettlementReport | null>(null);
  const money = (piastres: number | null) => (piastres === null ? '—' : formatMoney(piastres, locale));
  const reload = async () => {
    const list = await adminCall<ReconciledOrder[]>(locale, `/courier-settlements/${company}`);
    if (list.ok) setRows(list.body.data);
  };
  const action = useDeskAction<SettlementReport>({
    locale,
    done: (next) => (next.applied ? text.applied : ''),
    refresh: async (next) => {
      setReport(next);
      if (next.applied) await reload();
    },
    refused: (problem) => {
      const refusedReport = (problem.detail as { report?: SettlementReport } | undefined)?.report;
      if (refusedReport) setReport(refusedReport);
    },
  });
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setReport(null);
  };
  const send = async (apply: boolean) => {
    if (!file) return;
    await action.run({
      path: '/courier-settlements',
      body: { company, reference: reference.trim() || file.name, text: await file.text(), apply },
    });
  };

  const lineColumns = settlementLineColumns(text, money);
  const columns = reconciledColumns(locale, text, money);
  const canApply = report && !report.applied && !report.refused && !report.fileProblem && report.lines.length > 0;
  return (
    <div className="space-y-4">
      {canRemit && (
        <div className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
          <div className="min-w-0 flex-1 basis-64">
            <CsvFileField
              id="settlement-file"
              label={text.file}
              hint={text.fileHint}
              fileText={fileText}
              locale={locale}
              onFile={choose}
            />
          </div>
          <div className="basis-48">
            <Field id="settlement-reference" label={text.reference}>
              {(a11y) => (
                <input {...a11y} className={inputClass} value={reference} onChange={(e) => setReference(e.target.value)} />
              )}
            </Field>
          </div>
          <Button variant="secondary" disabled={!file} busy={action.busy} onClick={() => void send(false)}>
            {text.check}
          </Button>
          {canApply && (
            <Button busy={action.busy} onClick={() => void send(true)}>
              {text.apply}
            </Button>
          )}
        </div>
      )}
      <Notice>{action.state.message}</Notice>
      {report && (
        <section aria-live="polite" className="space-y-2" data-settlement-report>
          {report.fileProblem ? (
            <Notice>{report.fileProblem === 'missingColumns' ? text.missingColumns : text.emptyFile}</Notice>
          ) : (
            !report.applied && (
              <p className={report.refused ? 'text-red-800' : 'text-green-900'}>{report.refused ? text.fixFirst : text.ready}</p>
            )
          )}
          {report.lines.length > 0 && (
            <DataTable
              caption={text.file}
              columns={lineColumns}
              rows={report.lines}
              rowId={(l) => String(l.line)}
              empty=""
              rowData={(l) => ({ 'data-line': String(l.line) })}
            />
          )}
        </section>
      )}
      <DataTable
        caption={text.title}
        columns={columns}
        rows={rows}
        rowId={(r) => String(r.orderId)}
        empty={text.empty}
        rowData={(r) => ({ 'data-order': String(r.orderId) })}
      />
    </div>
  );
}
