import { useState } from 'react';
import type { Dictionary } from '../../i18n/en.ts';
import { formatMoney } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { adminCall } from '../shell/admin-client.ts';
import type { ReconciledOrder, SettlementLine, SettlementReport } from './courier-delivery-views.ts';
import { Button } from '../../kit/Button.tsx';
import DataTable, { type DeskColumn } from '../../kit/DataTable.tsx';
import { Field, inputClass } from '../../kit/Field.tsx';
import { Notice } from '../../kit/Notice.tsx';
import { useDeskAction } from '../../kit/use-desk-action.ts';
import { orderColumn } from './order-column.tsx';
import type { FileText } from '../../islands/shared/FilePicker.tsx';
import { CsvFileField } from '../../kit/CsvFileField.tsx';

type Text = Dictionary['couriers']['settlements'];

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
  text: Text;
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

  const lineColumns: DeskColumn<SettlementLine>[] = [
    { id: 'line', label: text.line, header: text.line, cell: ({ row }) => row.original.line },
    {
      id: 'tracking',
      label: text.tracking,
      header: text.tracking,
      cell: ({ row }) => <span dir="ltr">{row.original.trackingNumber}</span>,
    },
    {
      id: 'result',
      label: text.result,
      header: text.result,
      cell: ({ row }) => {
        const line = row.original;
        const ok = line.result === 'matches';
        return (
          <span className={ok ? 'text-green-900' : 'font-semibold text-red-800'} data-line-result={line.result}>
            {text.results[line.result]}
            {'orderId' in line && line.result !== 'matches' && (
              <>
                {' '}
                <bdi>
                  ({money(line.collected)} / {money(line.expected)})
                </bdi>
              </>
            )}
          </span>
        );
      },
    },
  ];
  const columns: DeskColumn<ReconciledOrder>[] = [
    orderColumn(locale, text.order),
    {
      id: 'tracking',
      label: text.tracking,
      header: text.tracking,
      cell: ({ row }) => <span dir="ltr">{row.original.trackingNumber}</span>,
    },
    {
      id: 'expected',
      label: text.expected,
      header: text.expected,
      align: 'end',
      cell: ({ row }) => <bdi>{money(row.original.expected)}</bdi>,
    },
    {
      id: 'collected',
      label: text.collected,
      header: text.collected,
      align: 'end',
      cell: ({ row }) => <bdi>{money(row.original.collected)}</bdi>,
    },
    { id: 'fee', label: text.fee, header: text.fee, align: 'end', cell: ({ row }) => <bdi>{money(row.original.fee)}</bdi> },
    { id: 'net', label: text.net, header: text.net, align: 'end', cell: ({ row }) => <bdi>{money(row.original.net)}</bdi> },
    {
      id: 'remitted',
      label: text.remitted,
      header: text.remitted,
      cell: ({ row }) => (row.original.remitted ? text.yes : text.no),
    },
    {
      id: 'flag',
      label: text.flag,
      header: text.flag,
      cell: ({ row }) => {
        const flag = row.original.flag;
        return (
          <span className={flag === 'short' || flag === 'over' ? 'font-semibold text-red-800' : ''} data-flag={flag}>
            {text.flags[flag]}
          </span>
        );
      },
    },
  ];
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
