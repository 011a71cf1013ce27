import { formatDateTime, formatMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import type { CustomerProfile } from './customer-view.ts';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import type { CustomerDeskText } from './customer-desk-text.ts';
import { localePath } from '#i18n/routes.ts';

type Order = CustomerProfile['orders'][number];

/** The shopper's orders, newest first, each linking to the orders desk. */
export default function CustomerOrders({ locale, text, orders }: { locale: Locale; text: CustomerDeskText; orders: Order[] }) {
  const c = text.money.customer;
  const columns: DeskColumn<Order>[] = [
    {
      id: 'order',
      label: c.order,
      header: c.order,
      cell: ({ row }) => (
        <a className="font-semibold underline" href={localePath(locale, `/admin/orders/${row.original.id}`)}>
          #{row.original.id}
        </a>
      ),
    },
    { id: 'date', label: c.date, header: c.date, cell: ({ row }) => formatDateTime(row.original.createdAt, locale) },
    {
      id: 'status',
      label: c.status,
      header: c.status,
      cell: ({ row }) => text.orderStatus[row.original.status] ?? row.original.status,
    },
    {
      id: 'payment',
      label: c.payment,
      header: c.payment,
      cell: ({ row }) => {
        const status = text.paymentStatus[row.original.paymentStatus];
        const method = text.methods[row.original.paymentMethod] ?? row.original.paymentMethod;
        return status ? `${method} · ${status}` : method;
      },
    },
    { id: 'total', label: c.total, header: c.total, cell: ({ row }) => <bdi>{formatMoney(row.original.total, locale)}</bdi> },
  ];
  return (
    <section aria-labelledby="customer-orders" className="space-y-3">
      <h2 id="customer-orders" className="text-lg font-bold">
        {c.orders}
      </h2>
      <DataTable caption={c.orders} columns={columns} rows={orders} rowId={(o) => String(o.id)} empty={c.noOrders} />
    </section>
  );
}
