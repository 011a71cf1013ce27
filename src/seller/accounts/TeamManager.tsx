import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { interpolate } from '#i18n/interpolate.ts';
import { adminCall } from '#kit/admin-client.ts';
import { Button } from '#kit/Button.tsx';
import { useConfirm } from '#kit/Dialog.tsx';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { SELLER_ROLES } from '#core/permissions/seller-permissions.ts';
import type { TeamRow } from './team-row.ts';
import { InviteMemberForm, type InviteLink } from './InviteMemberForm.tsx';
import { useMemberReset } from './use-member-reset.tsx';

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
  const [link, setLink] = useState<InviteLink | null>(null);
  const reload = async () => {
    const list = await adminCall<TeamRow[]>(locale, '/team', { side: 'seller' });
    if (list.ok) setRows(list.body.data);
  };
  const inviting = useDeskAction<{ id: number; invite_link: string }>({ locale, side: 'seller', refresh: reload });
  const changing = useDeskAction<TeamRow>({ locale, side: 'seller', refresh: reload });
  // A member who lost their authenticator (issue 50): src/seller/accounts/use-member-reset.tsx.
  const resetting = useMemberReset(locale, text, reload);
  // The kit's dialog, not the browser's confirm(): in the page's language and direction, focus on the safe answer.
  const confirming = useConfirm();
  const remove = async (member: TeamRow) => {
    const yes = await confirming.ask({
      title: interpolate(s.removeConfirm, { name: member.name }),
      confirm: s.remove,
      keep: s.resetKeep,
    });
    if (yes) await changing.run({ path: `/team/${member.id}`, method: 'DELETE', done: s.removed });
  };
  const invite = async (form: FormData, element: HTMLFormElement) => {
    const body = typedValues(form);
    const res = await inviting.run({ path: '/team', body }, body);
    if (!res) return;
    setLink({ name: body['name'] ?? '', href: res.data.invite_link });
    element.reset();
  };
  const columns: DeskColumn<TeamRow>[] = [
    // A name typed in Latin letters stays whole inside the Arabic table (issue 51).
    { id: 'name', label: s.name, header: s.name, cell: ({ row }) => <bdi>{row.original.name}</bdi> },
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
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              busy={changing.busy}
              aria-label={`${s.remove}: ${row.original.name}`}
              onClick={() => void remove(row.original)}
            >
              {s.remove}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              busy={resetting.busy}
              aria-label={interpolate(s.resetLabel, { name: row.original.name })}
              onClick={() => void resetting.reset(row.original)}
            >
              {s.reset}
            </Button>
          </div>
        ),
    },
  ];
  return (
    <div className="space-y-8">
      {confirming.dialog}
      <InviteMemberForm text={text} working={working} inviting={inviting} onSubmit={inviting.onSubmit(invite)} link={link} />
      <FormMessage state={changing.state} />
      {resetting.view}
      <DataTable caption={s.title} columns={columns} rows={rows} rowId={(r) => String(r.id)} empty={s.title} />
    </div>
  );
}
