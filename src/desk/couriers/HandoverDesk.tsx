import { useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import type { Dictionary } from '../../i18n/en.ts';
import { formatMoney, formatOrderId } from '../../i18n/format.ts';
import { interpolate, interpolateIsolated, isolate } from '../../i18n/interpolate.ts';
import { intlTag, type Locale } from '../../i18n/locales.ts';
import { localField } from '../../i18n/localized.ts';
import { plural } from '../../i18n/t.ts';
import { adminCall } from '../shell/admin-client.ts';
import type { HandoverOutcome, HandoverRow } from './courier-delivery-views.ts';
import type { HandoverField } from '../../lib/couriers/handover-address.ts';
import { Button, buttonClass } from '../../kit/Button.tsx';
import { SelectField } from '../../kit/SelectField.tsx';
import DataTable, { type DeskColumn } from '../../kit/DataTable.tsx';
import { Notice } from '../../kit/Notice.tsx';
import { useDeskAction } from '../../kit/use-desk-action.ts';
import { orderColumn } from './order-column.tsx';

type Text = Dictionary['couriers']['desk'];
type StatusText = Dictionary['orders']['status'];
interface DeskData {
  companies: string[];
  orders: HandoverRow[];
}

/**
 * /admin/couriers/deliveries (issue 38): orders ready to ship and those a company has, with what stops a hand-over.
 * Members who work orders (orders.work) select orders and hand them over to a company in one action, print their
 * airway bills as one PDF and cancel a delivery the company has not picked up; the API checks the permission again.
 */
export default function HandoverDesk({
  locale,
  text,
  statuses,
  initial,
  canWork,
}: {
  locale: Locale;
  text: Text;
  statuses: StatusText;
  initial: DeskData;
  canWork: boolean;
}) {
  const [data, setData] = useState(initial);
  const [company, setCompany] = useState(initial.companies[0] ?? '');
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [problems, setProblems] = useState<string[]>([]);
  const chosen = data.orders.filter((o) => selection[String(o.orderId)]);
  const printable = chosen.filter((o) => o.delivery?.trackingNumber);
  const missingText = (fields: HandoverField[]) =>
    interpolate(text.missing, { fields: new Intl.ListFormat(intlTag(locale)).format(fields.map((f) => text.fields[f])) });
  const companyName = (name: string) => (text.companies as Record<string, string>)[name] ?? name;

  const reload = async () => {
    const list = await adminCall<DeskData>(locale, '/courier-deliveries');
    if (list.ok) setData(list.body.data);
  };
  const problemOf = (r: HandoverOutcome): string | null => {
    const order = formatOrderId(r.orderId);
    if (r.outcome === 'missing') return `${isolate(order)}: ${missingText(r.missing)}`;
    if (r.outcome === 'notReady') return interpolateIsolated(text.notReady, { order });
    if (r.outcome === 'failed') return interpolateIsolated(text.failed, { order, message: r.message });
    if (r.outcome === 'pending') return interpolateIsolated(text.pending, { order });
    return null;
  };
  const handOver = useDeskAction<HandoverOutcome[]>({
    locale,
    done: (results) => {
      const count = results.filter((r) => r.outcome === 'created' || r.outcome === 'existing').length;
      return interpolate(plural(text.handedOver, count, locale), { count });
    },
    refresh: async (results) => {
      setProblems(results.map(problemOf).filter((p): p is string => p !== null));
      await reload();
    },
  });
  const cancel = useDeskAction({ locale, done: text.cancelled, refresh: reload });

  const stepOf = (row: HandoverRow) => {
    if (row.delivery) return text.steps[row.delivery.step];
    if (row.missing.length) return <span className="text-red-800">{missingText(row.missing)}</span>;
    return statuses[row.status as keyof StatusText] ?? row.status;
  };
  const columns: DeskColumn<HandoverRow>[] = [
    orderColumn(locale, text.order),
    {
      id: 'receiver',
      label: text.receiver,
      header: text.receiver,
      cell: ({ row }) => (
        <>
          <bdi>{row.original.receiver}</bdi>
          <br />
          <span dir="ltr">{row.original.phone}</span>
        </>
      ),
    },
    {
      id: 'governorate',
      label: text.governorate,
      header: text.governorate,
      cell: ({ row }) => (
        <>
          {localField(locale, { name_en: row.original.governorate.en, name_ar: row.original.governorate.ar }, 'name')}
          <br />
          <bdi>{row.original.area}</bdi>
        </>
      ),
    },
    {
      id: 'cash',
      label: text.cash,
      header: text.cash,
      align: 'end',
      cell: ({ row }) => <bdi>{formatMoney(row.original.cashToCollect, locale)}</bdi>,
    },
    { id: 'status', label: text.status, header: text.status, cell: ({ row }) => stepOf(row.original) },
    {
      id: 'tracking',
      label: text.tracking,
      header: text.tracking,
      cell: ({ row }) => {
        const delivery = row.original.delivery;
        if (!delivery?.trackingNumber) return null;
        return (
          <span className="flex flex-wrap items-center gap-2">
            <span>{companyName(delivery.company)}</span>
            {delivery.trackingLink ? (
              <a href={delivery.trackingLink} dir="ltr" className="underline underline-offset-2" data-tracking>
                {delivery.trackingNumber}
              </a>
            ) : (
              <span dir="ltr" data-tracking>
                {delivery.trackingNumber}
              </span>
            )}
            {canWork && delivery.step === 'created' && (
              <Button
                variant="secondary"
                size="sm"
                busy={cancel.busy}
                onClick={() => cancel.run({ path: `/courier-deliveries/${row.original.orderId}/cancel` })}
              >
                {text.cancelDelivery}
              </Button>
            )}
          </span>
        );
      },
    },
  ];

  const selectable = data.orders;
  return (
    <div className="space-y-3">
      {!data.companies.length && <Notice tone="info">{text.noCompany}</Notice>}
      {canWork && data.companies.length > 0 && (
        <div className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-3 shadow-sm">
          <SelectField
            id="handover-company"
            label={text.company}
            options={data.companies.map((name) => ({ value: name, label: companyName(name) }))}
            value={company}
            onChange={setCompany}
          />
          <Button
            busy={handOver.busy}
            disabled={!chosen.length}
            onClick={() =>
              handOver.run({ path: '/courier-deliveries', body: { company, order_ids: chosen.map((o) => o.orderId) } })
            }
          >
            {text.handOver}
          </Button>
          {printable.length > 0 && (
            <a
              className={buttonClass('secondary', 'sm')}
              href={`/api/admin/courier-deliveries/airway-bills?orders=${printable.map((o) => o.orderId).join(',')}`}
              target="_blank"
              rel="noopener"
              title={text.printBillsHint}
            >
              {text.printBills}
            </a>
          )}
        </div>
      )}
      <Notice>{handOver.state.message || cancel.state.message}</Notice>
      {problems.length > 0 && (
        <Notice>
          <ul className="list-disc ps-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Notice>
      )}
      <DataTable
        caption={text.title}
        columns={columns}
        rows={selectable}
        rowId={(r) => String(r.orderId)}
        selection={canWork ? selection : undefined}
        onSelectionChange={canWork ? setSelection : undefined}
        selectLabel={(r) => interpolateIsolated(text.selectOrder, { order: formatOrderId(r.orderId) })}
        selectAllLabel={text.selectAll}
        empty={text.empty}
        rowData={(r) => ({ 'data-order': String(r.orderId) })}
      />
    </div>
  );
}
