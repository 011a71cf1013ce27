import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { interpolate, interpolateIsolated, plural } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { operatorNextStatuses, type OrderStatus } from '#lib/orders/order-status.ts';
import DataTable, { type DeskColumn, type SortState } from '#kit/DataTable.tsx';
import { buttonClass } from '#kit/Button.tsx';
import BulkMove from './BulkMove.tsx';
import type { OrdersTableText } from './orders-text.ts';
import { localePath } from '#i18n/routes.ts';

export interface DeskListRow {
  id: number;
  ref: string;
  href: string;
  placed: string;
  shopper: string;
  phone: string;
  governorate: string;
  total: string;
  status: OrderStatus;
  statusLabel: string;
  payment: string;
}

/**
 * The orders list (server-sorted and paged: a sort header changes the URL and the server draws the page) with row
 * selection for bulk moves and printing.
 */
export default function OrdersTable(props: {
  locale: Locale;
  text: OrdersTableText;
  rows: DeskListRow[];
  sort: SortState;
  couriers: { id: number; name: string }[];
}) {
  const { locale, text, rows, sort } = props;
  const [selection, setSelection] = useState<RowSelectionState>({});
  const chosen = rows.filter((r) => selection[String(r.id)]);
  const onSort = (key: string) => {
    const url = new URL(window.location.href);
    const dir = sort.key === key && sort.dir === 'desc' ? 'asc' : 'desc';
    url.searchParams.set('sort', key);
    url.searchParams.set('dir', dir);
    url.searchParams.delete('page');
    window.location.assign(url.toString());
  };
  const l = text.list;
  const columns: DeskColumn<DeskListRow>[] = [
    {
      id: 'order',
      label: l.order,
      header: l.order,
      cell: ({ row }) => (
        <a href={row.original.href} className="font-semibold text-crema underline">
          {row.original.ref}
        </a>
      ),
    },
    { id: 'placed', label: l.placed, header: l.placed, sortKey: 'created', cell: ({ row }) => row.original.placed },
    { id: 'shopper', label: l.shopper, header: l.shopper, cell: ({ row }) => row.original.shopper },
    { id: 'phone', label: l.phone, header: l.phone, cell: ({ row }) => <bdi dir="ltr">{row.original.phone}</bdi> },
    { id: 'governorate', label: l.governorate, header: l.governorate, cell: ({ row }) => row.original.governorate },
    { id: 'total', label: l.total, header: l.total, sortKey: 'total', cell: ({ row }) => <bdi>{row.original.total}</bdi> },
    { id: 'status', label: l.status, header: l.status, sortKey: 'status', cell: ({ row }) => row.original.statusLabel },
    { id: 'payment', label: l.payment, header: l.payment, cell: ({ row }) => row.original.payment },
  ];
  const targets = chosen.length
    ? chosen.map((r) => operatorNextStatuses(r.status)).reduce((a, b) => a.filter((s) => b.includes(s)))
    : [];
  return (
    <div className="space-y-3">
      {chosen.length > 0 && (
        <div className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-3 shadow-sm">
          <p role="status" className="text-sm font-semibold">
            {interpolate(plural(l.selected, chosen.length, locale), { count: chosen.length })}
          </p>
          <BulkMove
            locale={locale}
            text={text}
            orders={chosen.map((r) => ({ id: r.id, from: r.status }))}
            targets={targets}
            couriers={props.couriers}
            onDone={() => window.location.reload()}
          />
          <a
            className={buttonClass('secondary', 'sm')}
            href={localePath(locale, `/admin/orders/print?ids=${chosen.map((r) => r.id).join(',')}`)}
          >
            {l.printSelected}
          </a>
        </div>
      )}
      <DataTable
        caption={l.title}
        columns={columns}
        rows={rows}
        rowId={(r) => String(r.id)}
        sort={sort}
        onSort={onSort}
        sortLabel={(column) => interpolate(text.sortBy, { column })}
        selection={selection}
        onSelectionChange={setSelection}
        selectLabel={(r) => interpolateIsolated(l.select, { id: r.ref })}
        selectAllLabel={l.selectAll}
        empty={l.empty}
      />
    </div>
  );
}
