import { formatOrderId } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import type { DeskColumn } from '#kit/DataTable.tsx';

/** The couriers' tables' first column: the order's number, linking to its page on the desk. */
export const orderColumn = <T extends { orderId: number }>(locale: Locale, label: string): DeskColumn<T> => ({
  id: 'order',
  label,
  header: label,
  cell: ({ row }) => (
    <a href={localePath(locale, `/admin/orders/${row.original.orderId}`)} className="font-semibold underline underline-offset-2">
      <bdi>{formatOrderId(row.original.orderId)}</bdi>
    </a>
  ),
});
