import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { adminCall } from '#kit/admin-client.ts';
import DataTable from '#kit/DataTable.tsx';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { staffColumns, type StaffChange } from './staff-columns.tsx';
import StaffInvite from './StaffInvite.tsx';
import type { StaffRow } from './staff-row.ts';

export type { StaffRow } from './staff-row.ts';
type Text = Dictionary['admin'];

/** /admin/staff (owner): invite a member (a one-time link to hand over), change roles, disable and enable. */
export default function StaffManager({
  locale,
  text,
  initial,
  working,
}: {
  locale: Locale;
  text: Text;
  initial: StaffRow[];
  working: string;
}) {
  const [rows, setRows] = useState(initial);
  const s = text.staff;
  const reload = async () => {
    const list = await adminCall<StaffRow[]>(locale, '/staff');
    if (list.ok) setRows(list.body.data);
  };

  // A changed member comes back and takes their row's place.
  const updating = useDeskAction<StaffRow>({
    locale,
    done: s.saved,
    refresh: (saved) => setRows((all) => all.map((r) => (r.id === saved.id ? saved : r))),
  });
  const update = (row: StaffRow, change: StaffChange) =>
    updating.run({ path: `/staff/${row.id}`, method: 'PATCH', body: change });
  const columns = staffColumns(text, update, updating.busy);

  return (
    <div className="space-y-8">
      <StaffInvite locale={locale} text={text} working={working} reload={reload} />
      <FormMessage state={updating.state} />
      <DataTable caption={s.title} columns={columns} rows={rows} rowId={(r) => String(r.id)} empty={s.title} />
    </div>
  );
}
