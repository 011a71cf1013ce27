import { useState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { STAFF_ROLES, type StaffRole } from '../../../lib/admin/permissions.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import { Button, SubmitButton } from '../../kit/Button.tsx';
import DataTable, { type DeskColumn } from '../../kit/DataTable.tsx';
import { Field, Input, inputClass } from '../../kit/Field.tsx';
import { typedValues } from '../../kit/form-state.ts';
import { FormMessage } from '../../kit/Notice.tsx';
import { useDeskAction } from '../../kit/use-desk-action.ts';

export interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: 'invited' | 'active' | 'disabled';
  twoFactor: boolean;
}
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
  const [link, setLink] = useState<{ email: string; href: string } | null>(null);
  const s = text.staff;
  const reload = async () => {
    const list = await adminCall<StaffRow[]>(locale, '/staff');
    if (list.ok) setRows(list.body.data);
  };
  const inviting = useDeskAction<{ id: number; invite_link: string }>({ locale, refresh: reload });
  const { state } = inviting;
  const invite = async (form: FormData, element: HTMLFormElement) => {
    const body = typedValues(form);
    const res = await inviting.run({ path: '/staff', body }, body);
    if (!res) return;
    setLink({ email: body['email'] ?? '', href: res.data.invite_link });
    element.reset();
  };

  // A changed member comes back and takes their row's place.
  const updating = useDeskAction<StaffRow>({
    locale,
    done: s.saved,
    refresh: (saved) => setRows((all) => all.map((r) => (r.id === saved.id ? saved : r))),
  });
  const update = (row: StaffRow, change: { role?: StaffRole; status?: 'active' | 'disabled' }) =>
    updating.run({ path: `/staff/${row.id}`, method: 'PATCH', body: change });

  const columns: DeskColumn<StaffRow>[] = [
    { id: 'name', label: s.name, header: s.name, cell: ({ row }) => row.original.name },
    { id: 'email', label: s.email, header: s.email, cell: ({ row }) => <span dir="ltr">{row.original.email}</span> },
    {
      id: 'role',
      label: s.role,
      header: s.role,
      cell: ({ row }) => (
        <select
          aria-label={`${s.changeRole}: ${row.original.name}`}
          className="rounded border border-roast-200 bg-white px-2 py-1"
          value={row.original.role}
          onChange={(e) => void update(row.original, { role: e.target.value as StaffRole })}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {text.roles[r]}
            </option>
          ))}
        </select>
      ),
    },
    { id: 'status', label: s.status, header: s.status, cell: ({ row }) => s.statuses[row.original.status] },
    {
      id: 'twoFactor',
      label: s.twoFactor,
      header: s.twoFactor,
      cell: ({ row }) => (row.original.twoFactor ? s.enrolled : s.notEnrolled),
    },
    {
      id: 'actions',
      label: s.actions,
      header: '',
      cell: ({ row }) =>
        row.original.status === 'invited' ? null : (
          <Button
            variant="secondary"
            size="sm"
            busy={updating.busy}
            onClick={() => void update(row.original, { status: row.original.status === 'active' ? 'disabled' : 'active' })}
          >
            {row.original.status === 'active' ? s.disable : s.enable}
          </Button>
        ),
    },
  ];

  return (
    <div className="space-y-8">
      <section aria-labelledby="invite-title" className="max-w-xl space-y-4 rounded-xl bg-white p-4 shadow-sm">
        <h2 id="invite-title" className="text-lg font-bold">
          {s.invite}
        </h2>
        <form onSubmit={inviting.onSubmit(invite)} noValidate className="space-y-3">
          <FormMessage state={state} />
          <Input name="name" label={s.name} errors={state.errors} idPrefix="invite" defaultValue={state.values?.['name']} />
          <Input
            name="email"
            type="email"
            label={s.email}
            errors={state.errors}
            idPrefix="invite"
            dir="ltr"
            defaultValue={state.values?.['email']}
          />
          <Field id="invite-role" label={s.role} error={state.errors['role']}>
            {(a11y) => (
              <select {...a11y} name="role" className={inputClass} defaultValue="operations">
                {STAFF_ROLES.filter((r) => r !== 'seller').map((r) => (
                  <option key={r} value={r}>
                    {text.roles[r]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <SubmitButton busy={inviting.busy} busyLabel={working}>
            {s.sendInvite}
          </SubmitButton>
        </form>
        {link && (
          <div role="status" className="space-y-2 rounded-md bg-leaf/10 p-3 text-sm">
            <p>{interpolate(s.inviteLink, { email: link.email })}</p>
            <input
              readOnly
              dir="ltr"
              aria-label={s.copy}
              value={link.href}
              className={inputClass}
              data-testid="invite-link"
              onFocus={(e) => e.target.select()}
            />
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void navigator.clipboard?.writeText(link.href).then(() => showToast(s.copied, 'success'))}
            >
              {s.copy}
            </Button>
          </div>
        )}
      </section>
      <FormMessage state={updating.state} />
      <DataTable caption={s.title} columns={columns} rows={rows} rowId={(r) => String(r.id)} empty={s.title} />
    </div>
  );
}
