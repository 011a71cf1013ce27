import { useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import type { Dictionary } from '#i18n/en.ts';
import { formatOrderId } from '#i18n/format.ts';
import { interpolate, interpolateIsolated } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { plural } from '#i18n/t.ts';
import { adminCall } from '#kit/admin-client.ts';
import type { HandoverOutcome, HandoverRow } from './courier-delivery-views.ts';
import type { HandoverField } from '#lib/couriers/handover-address.ts';
import { Button } from '#kit/Button.tsx';
import { SelectField } from '#kit/SelectField.tsx';
import DataTable from '#kit/DataTable.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { AirwayBillsLink, DeliveryTracking, handoverColumns, type HandoverText } from './handover-columns.tsx';
import { handoverProblem, missingFieldsText } from './handover-problems.ts';

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
  text: HandoverText;
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
  const missingText = (fields: HandoverField[]) => missingFieldsText(locale, text, fields);
  const companyName = (name: string) => (text.companies as Record<string, string>)[name] ?? name;

  const reload = async () => {
    const list = await adminCall<DeskData>(locale, '/courier-deliveries');
    if (list.ok) setData(list.body.data);
  };
  const handOver = useDeskAction<HandoverOutcome[]>({
    locale,
    done: (results) => {
      const count = results.filter((r) => r.outcome === 'created' || r.outcome === 'existing').length;
      return interpolate(plural(text.handedOver, count, locale), { count });
    },
    refresh: async (results) => {
      setProblems(results.map((r) => handoverProblem(locale, text, r)).filter((p): p is string => p !== null));
      await reload();
    },
  });
  const cancel = useDeskAction({ locale, done: text.cancelled, refresh: reload });

  const stepOf = (row: HandoverRow) => {
    if (row.delivery) return text.steps[row.delivery.step];
    if (row.missing.length) return <span className="text-red-800">{missingText(row.missing)}</span>;
    return statuses[row.status as keyof StatusText] ?? row.status;
  };
  const columns = handoverColumns(locale, text, stepOf, (row) =>
    row.delivery?.trackingNumber ? (
      <DeliveryTracking
        delivery={row.delivery}
        company={companyName(row.delivery.company)}
        cancel={
          canWork &&
          row.delivery.step === 'created' && (
            <Button
              variant="secondary"
              size="sm"
              busy={cancel.busy}
              onClick={() => cancel.run({ path: `/courier-deliveries/${row.orderId}/cancel` })}
            >
              {text.cancelDelivery}
            </Button>
          )
        }
      />
    ) : null,
  );

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
          {printable.length > 0 && <AirwayBillsLink text={text} orderIds={printable.map((o) => o.orderId)} />}
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
