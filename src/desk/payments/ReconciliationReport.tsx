import DataTable from '#kit/DataTable.tsx';
import { Filled } from '#islands/shared/Filled.tsx';
import type { Locale } from '#i18n/locales.ts';
import { mismatchColumns, runColumns, type Text } from './reconciliation-columns.tsx';
import type { ReconciliationView } from './reconciliation-view.ts';

/** /admin/payments/reconciliation: a day's runs per provider, then every mismatch found (finance reads, nothing writes). */
export default function ReconciliationReport({
  locale,
  text,
  report,
  dayLabel,
}: {
  locale: Locale;
  text: Text;
  report: ReconciliationView;
  dayLabel: string;
}) {
  const runs = runColumns(text, locale);
  const mismatches = mismatchColumns(text, locale);
  if (!report.runs.length)
    return (
      <p className="rounded-lg bg-white p-6 text-center text-sm text-roast-700" data-no-report>
        <Filled template={text.noReport} values={{ day: dayLabel }} />
      </p>
    );
  return (
    <div className="space-y-6">
      <section>
        <h2 className="mb-2 text-lg font-semibold">
          <Filled template={text.summary} values={{ day: dayLabel }} />
        </h2>
        <DataTable caption={text.provider} columns={runs} rows={report.runs} rowId={(r) => r.provider} empty={text.none} />
      </section>
      <section>
        <h2 className="mb-2 text-lg font-semibold">
          <Filled template={text.list} values={{ day: dayLabel }} />
        </h2>
        <DataTable
          caption={text.mismatches}
          columns={mismatches}
          rows={report.mismatches}
          rowId={(m) => String(m.id)}
          rowData={(m) => ({ 'data-mismatch': m.kind, 'data-order': String(m.orderId) })}
          empty={text.none}
        />
      </section>
    </div>
  );
}
