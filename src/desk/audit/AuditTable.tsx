import type { Dictionary } from '#i18n/en.ts';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import type { AuditPair } from './audit-words.ts';

export interface AuditView {
  id: number;
  at: string;
  who: string;
  role: string;
  /** The action in words; its code (`order.move`) stays as the cell's title, for whoever searches the log by it. */
  action: string;
  actionCode: string;
  /** The subject's kind in words («الطلب») and its id, isolated in the cell. */
  subject: { kind: string; id: string };
  before: AuditPair[];
  after: AuditPair[];
  reason: string;
  /** A reason a person typed (not a system note's words): isolated, it may be in the other language. */
  reasonTyped: boolean;
  address: string;
}

/** One side of a change: its label, then each field and value in words; a code left as it is, isolated. */
function Pairs({ label, pairs, separator }: { label: string; pairs: AuditPair[]; separator: string }) {
  if (!pairs.length) return null;
  const shown = (text: string, code: boolean) => (code ? <bdi className="font-mono break-all">{text}</bdi> : text);
  return (
    <div>
      <dt className="inline font-semibold">{label}: </dt>
      {pairs.map((pair, index) => (
        <dd key={index} className="inline">
          {index > 0 && separator}
          {pair.field && <>{shown(pair.field, pair.fieldCode)}: </>}
          {shown(pair.value, pair.valueCode)}
        </dd>
      ))}
    </div>
  );
}

/**
 * The audit log's rows (the page formats them; filters and pages are links, so the URL holds the view). `separator` is
 * the language's comma between a change's fields («، » in Arabic, numbers.addressSeparator).
 */
export default function AuditTable({
  text,
  rows,
  separator,
}: {
  text: Dictionary['admin']['audit'];
  rows: AuditView[];
  separator: string;
}) {
  const columns: DeskColumn<AuditView>[] = [
    { id: 'at', label: text.when, header: text.when, cell: ({ row }) => row.original.at },
    {
      id: 'who',
      label: text.who,
      header: text.who,
      cell: ({ row }) => (
        <span>
          <bdi>{row.original.who}</bdi> <span className="text-roast-700">({row.original.role})</span>
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
      cell: ({ row }) => (
        <span>
          {row.original.subject.kind} <bdi>{row.original.subject.id}</bdi>
        </span>
      ),
    },
    {
      id: 'change',
      label: text.change,
      header: text.change,
      cell: ({ row }) => (
        <dl className="max-w-md text-xs break-words">
          <Pairs label={text.before} pairs={row.original.before} separator={separator} />
          <Pairs label={text.after} pairs={row.original.after} separator={separator} />
        </dl>
      ),
    },
    {
      id: 'reason',
      label: text.reason,
      header: text.reason,
      cell: ({ row }) => (row.original.reasonTyped ? <bdi>{row.original.reason}</bdi> : row.original.reason),
    },
    {
      id: 'address',
      label: text.address,
      header: text.address,
      cell: ({ row }) => <span dir="ltr">{row.original.address}</span>,
    },
  ];
  return <DataTable caption={text.title} columns={columns} rows={rows} rowId={(r) => String(r.id)} empty={text.empty} />;
}
