import { useState } from 'react';
import type { Dictionary } from '../../i18n/en.ts';
import type { Locale } from '../../i18n/locales.ts';
import { interpolate, interpolateIsolated } from '../../i18n/interpolate.ts';
import { adminCall } from '../../desk/shell/admin-client.ts';
import { Button, SubmitButton } from '../../kit/Button.tsx';
import DataTable, { type DeskColumn } from '../../kit/DataTable.tsx';
import { Input } from '../../kit/Field.tsx';
import { SelectField } from '../../kit/SelectField.tsx';
import { typedValues } from '../../kit/form-state.ts';
import { FormMessage } from '../../kit/Notice.tsx';
import { useDeskAction } from '../../kit/use-desk-action.ts';
import { SELLER_ROLES } from './permissions.ts';
import type { TeamRow } from './team-row.ts';

type Text = Dictionary['seller'];

/** /seller/team (the owner): invite a member with a role (a one-time link to hand over), change roles, remove. */
export default function TeamManager({
  locale,
  text,
  initial,
  selfId,
  working,
}: {
  locale: Locale;
  text: Text;
  initial: TeamRow[];
  selfId: number;
  working: string;
}) {
  const s = text.team;
  const [rows, setRows] = useState(initial);
  const [link, setLink] = useState<{ name: string; href: string } | null>(null);
  const reload = async () => {
    const list = await adminCall<TeamRow[]>(locale, '/team', { side: 'seller' });
    if (list.ok) setRows(list.body.data);
  };
  const inviting = useDeskAction<{ id: number; invite_link: string }>({ locale, side: 'seller', refresh: reload });
  const changing = useDeskAction<TeamRow>({ locale, side: 'seller', refresh: reload });
  const invite = async (form: FormData, element: HTMLFormElement) => {
    const body = typedValues(form);
    const res = await inviting.run({ path: '/team', body }, body);
    if (!res) return;
    setLink({ name: body['name'] ?? '', href: res.data.invite_link });
    element.reset();
  };
  const columns: DeskColumn<TeamRow>[] = [
    { id: 'name', label: s.name, header: s.name, cell: ({ row }) => row.original.name },
    { id: 'email', label: s.email, header: s.email, cell: ({ row }) => <span dir="ltr">{row.original.email}</span> },
    {
      id: 'role',
      label: s.role,
      header: s.role,
      cell: ({ row }) =>
        row.original.id === selfId ? (
          `${text.roles[row.original.role]} (${s.you})`
        ) : (
          <select
            aria-label={`${s.changeRole}: ${row.original.name}`}
            className="rounded border border-roast-200 bg-white px-2 py-1"
            value={row.original.role}
            onChange={(e) =>
              void changing.run({
                path: `/team/${row.original.id}`,
                method: 'PATCH',
                body: { role: e.target.value },
                done: s.roleChanged,
              })
            }
          >
            {SELLER_ROLES.map((r) => (
              <option key={r} value={r}>
                {text.roles[r]}
              </option>
            ))}
          </select>
        ),
    },
    { id: 'status', label: s.status, header: s.status, cell: ({ row }) => s.statuses[row.original.status] },
    {
      id: 'actions',
      label: s.actions,
      header: '',
      cell: ({ row }) =>
        row.original.id === selfId ? null : (
          <Button
            variant="secondary"
            size="sm"
            busy={changing.busy}
            aria-label={`${s.remove}: ${row.original.name}`}
            onClick={() => {
              if (window.confirm(interpolate(s.removeConfirm, { name: row.original.name })))
                void changing.run({ path: `/team/${row.original.id}`, method: 'DELETE', done: s.removed });
            }}
          >
            {s.remove}
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
          <FormMessage state={inviting.state} />
          <Input
            name="name"
            label={s.name}
            errors={inviting.state.errors}
            idPrefix="invite"
            defaultValue={inviting.state.values?.['name']}
          />
          <Input
            name="email"
            type="email"
            label={s.email}
            errors={inviting.state.errors}
            idPrefix="invite"
            dir="ltr"
            defaultValue={inviting.state.values?.['email']}
          />
          <SelectField
            id="invite-role"
            name="role"
            label={s.role}
            error={inviting.state.errors['role']}
            options={SELLER_ROLES.map((r) => ({ value: r, label: text.roles[r] }))}
            defaultValue="orders"
          />
          <SubmitButton busy={inviting.busy} busyLabel={working}>
            {s.inviteSubmit}
          </SubmitButton>
        </form>
        {link && (
          <div role="status" className="space-y-1 text-sm">
            <p>{interpolateIsolated(s.invited, { name: link.name })}</p>
            <code dir="ltr" className="block break-all rounded bg-roast-50 px-2 py-1 font-mono" data-testid="member-invite">
              {link.href}
            </code>
          </div>
        )}
      </section>
      <FormMessage state={changing.state} />
      <DataTable caption={s.title} columns={columns} rows={rows} rowId={(r) => String(r.id)} empty={s.title} />
    </div>
  );
}
