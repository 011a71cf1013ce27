import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { formatMoney, formatNumber } from '#i18n/format.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { adminCall } from '#kit/admin-client.ts';
import type { Courier, CourierWithCash } from './cash-views.ts';
import { Button, SubmitButton } from '#kit/Button.tsx';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import { Input } from '#kit/Field.tsx';
import { FormActions } from '#kit/FormActions.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

type Text = Dictionary['adminCash'];

/**
 * /admin/couriers: every courier with the cash they owe and carry and their overdue orders; members who manage
 * couriers (couriers.manage) add, edit and (de)activate them here. The API checks the permission again.
 */
export default function CourierList({
  locale,
  text,
  initial,
  canManage,
}: {
  locale: Locale;
  text: Text;
  initial: CourierWithCash[];
  canManage: boolean;
}) {
  const [rows, setRows] = useState(initial);
  const [editing, setEditing] = useState<Courier | null>(null);
  const c = text.couriers;
  const money = (piastres: number) => formatMoney(piastres, locale);

  const reload = async () => {
    const list = await adminCall<CourierWithCash[]>(locale, '/couriers');
    if (list.ok) setRows(list.body.data);
  };
  const activation = useDeskAction<Courier>({ locale, done: c.saved, refresh: reload });
  const setActive = (courier: Courier, active: boolean) =>
    activation.run({ path: `/couriers/${courier.id}`, method: 'PATCH', body: { active } });

  const columns: DeskColumn<CourierWithCash>[] = [
    {
      id: 'name',
      label: c.name,
      header: c.name,
      cell: ({ row }) => (
        <a
          href={localePath(locale, `/admin/couriers/${row.original.id}`)}
          aria-label={interpolate(c.openLabel, { name: row.original.name })}
          className="font-semibold underline underline-offset-2"
        >
          {row.original.name}
        </a>
      ),
    },
    { id: 'phone', label: c.phone, header: c.phone, cell: ({ row }) => <bdi dir="ltr">{row.original.phone}</bdi> },
    { id: 'status', label: c.status, header: c.status, cell: ({ row }) => (row.original.active ? c.active : c.inactive) },
    { id: 'owed', label: c.owed, header: c.owed, cell: ({ row }) => <bdi>{money(row.original.cash.owed)}</bdi> },
    { id: 'carrying', label: c.carrying, header: c.carrying, cell: ({ row }) => <bdi>{money(row.original.cash.carrying)}</bdi> },
    {
      id: 'overdue',
      label: c.overdue,
      header: c.overdue,
      cell: ({ row }) => {
        const n = row.original.cash.overdueOrders;
        return n ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">{formatNumber(n, locale)}</span>
        ) : (
          formatNumber(0, locale)
        );
      },
    },
  ];
  if (canManage)
    columns.push({
      id: 'actions',
      label: c.actions,
      header: '',
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={interpolate(c.editTitle, { name: row.original.name })}
            onClick={() => setEditing(row.original)}
          >
            {c.edit}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            busy={activation.busy}
            onClick={() => void setActive(row.original, !row.original.active)}
          >
            {row.original.active ? c.deactivate : c.activate}
          </Button>
        </span>
      ),
    });

  return (
    <div className="space-y-8">
      {canManage && (
        <CourierForm
          key={editing?.id ?? 'new'}
          locale={locale}
          text={text}
          courier={editing}
          onDone={async () => {
            setEditing(null);
            await reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <FormMessage state={activation.state} />
      <DataTable caption={c.title} columns={columns} rows={rows} rowId={(r) => String(r.id)} empty={c.empty} />
    </div>
  );
}

/** Adds a courier, or edits the one given (name and mobile number). */
function CourierForm({
  locale,
  text,
  courier,
  onDone,
  onCancel,
}: {
  locale: Locale;
  text: Text;
  courier: Courier | null;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const c = text.couriers;
  const action = useDeskAction<Courier>({ locale, done: courier ? c.saved : c.created, refresh: onDone });
  const { state } = action;
  const save = async (form: FormData, element: HTMLFormElement) => {
    const body = typedValues(form);
    const write = courier ? { path: `/couriers/${courier.id}`, method: 'PATCH' as const, body } : { path: '/couriers', body };
    if (await action.run(write, body)) element.reset();
  };
  const title = courier ? interpolate(c.editTitle, { name: courier.name }) : c.add;
  const prefix = courier ? `courier-${courier.id}` : 'courier-new';
  return (
    <section aria-labelledby={`${prefix}-title`} className="max-w-xl space-y-4 rounded-xl bg-white p-4 shadow-sm">
      <h2 id={`${prefix}-title`} className="text-lg font-bold">
        {title}
      </h2>
      <form onSubmit={action.onSubmit(save)} noValidate className="space-y-3">
        <FormMessage state={state} />
        <Input
          name="name"
          label={c.name}
          errors={state.errors}
          idPrefix={prefix}
          autoComplete="off"
          defaultValue={state.values?.['name'] ?? courier?.name}
        />
        <Input
          name="phone"
          type="tel"
          inputMode="tel"
          label={c.phone}
          errors={state.errors}
          idPrefix={prefix}
          dir="ltr"
          autoComplete="off"
          defaultValue={state.values?.['phone'] ?? courier?.phone}
        />
        <FormActions>
          <SubmitButton busy={action.busy}>{courier ? c.save : c.create}</SubmitButton>
          {courier && (
            <Button variant="secondary" onClick={onCancel}>
              {c.cancel}
            </Button>
          )}
        </FormActions>
      </form>
    </section>
  );
}
