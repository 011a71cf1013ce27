import type { Dictionary } from '../../i18n/en.ts';
import DataTable, { type DeskColumn } from '../../kit/DataTable.tsx';

export interface AuditView {
  id: number;
  at: string;
  who: string;
  role: string;
  /** The action in words; its code (`order.move`) stays as the cell's title, for whoever searches the log by it. */
  action: string;
  actionCode: string;
  subject: string;
  before: string;
  after: string;
  reason: string;
  address: string;
}

/** The audit log's rows (the page formats them; filters and pages are links, so the URL holds the view). */
export default function AuditTable({ text, rows }: { text: Dictionary['admin']['audit']; rows: AuditView[] }) {
  const columns: DeskColumn<AuditView>[] = [
    { id: 'at', label: text.when, header: text.when, cell: ({ row }) => row.original.at },
    {
      id: 'who',
      label: text.who,
      header: text.who,
      cell: ({ row }) => (
        <span>
          <span dir="ltr">{row.original.who}</span> <span className="text-roast-700">({row.original.role})</span>
        </span>
      ),
    },
    {
      id: 'action',
      label: text.action,
      header: text.action,
      cell: ({ row }) => <span title={row.original.actionCode}>{row.original.action}</span>,
    },
    {
      id: 'subject',
      label: text.subject,
      header: text.subject,
      cell: ({ row }) => <span dir="ltr">{row.original.subject}</span>,
    },
    {
      id: 'change',
      label: text.change,
      header: text.change,
      cell: ({ row }) => (
        <dl dir="ltr" className="max-w-md break-all font-mono text-xs">
          {row.original.before && (
            <div>
              <dt className="inline font-semibold">{text.before}: </dt>
              <dd className="inline">{row.original.before}</dd>
            </div>
          )}
          {row.original.after && (
            <div>
              <dt className="inline font-semibold">{text.after}: </dt>
              <dd className="inline">{row.original.after}</dd>
            </div>
          )}
        </dl>
      ),
    },
    { id: 'reason', label: text.reason, header: text.reason, cell: ({ row }) => row.original.reason },
    {
      id: 'address',
      label: text.address,
      header: text.address,
      cell: ({ row }) => <span dir="ltr">{row.original.address}</span>,
    },
  ];
  return <DataTable caption={text.title} columns={columns} rows={rows} rowId={(r) => String(r.id)} empty={text.empty} />;
}
