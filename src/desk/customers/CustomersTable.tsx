import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import type { CustomerListRow } from './customer-views.ts';
import { localePath } from '#i18n/routes.ts';

export type CustomerRowView = CustomerListRow;

/** The customers search results (the search lives in the URL; each name opens the shopper's page). */
export default function CustomersTable({
  locale,
  text,
  rows,
}: {
  locale: Locale;
  text: Dictionary['adminMoney']['customers'];
  rows: CustomerRowView[];
}) {
  const columns: DeskColumn<CustomerRowView>[] = [
    {
      id: 'name',
      label: text.name,
      header: text.name,
      cell: ({ row }) => (
        <a
          className="font-semibold underline"
          href={localePath(locale, `/admin/customers/${row.original.id}`)}
          data-customer={row.original.id}
        >
          {row.original.name}
        </a>
      ),
    },
    { id: 'phone', label: text.phone, header: text.phone, cell: ({ row }) => <bdi dir="ltr">{row.original.phone}</bdi> },
    { id: 'email', label: text.email, header: text.email, cell: ({ row }) => <span dir="ltr">{row.original.email}</span> },
    { id: 'orders', label: text.orders, header: text.orders, cell: ({ row }) => row.original.orders },
    { id: 'joined', label: text.joined, header: text.joined, cell: ({ row }) => row.original.joined },
    {
      id: 'cod',
      label: text.cod,
      header: text.cod,
      cell: ({ row }) =>
        row.original.codBlocked ? <strong className="text-red-800">{text.codBlocked}</strong> : <span>{text.codAllowed}</span>,
    },
  ];
  return <DataTable caption={text.title} columns={columns} rows={rows} rowId={(r) => String(r.id)} empty={text.empty} />;
}
