import type { Dictionary } from '#i18n/en.ts';
import { STAFF_ROLES, type StaffRole } from '#core/permissions/permissions.ts';
import { Button } from '#kit/Button.tsx';
import { type DeskColumn } from '#kit/DataTable.tsx';
import type { StaffRow } from './staff-row.ts';

export type StaffChange = { role?: StaffRole; status?: 'active' | 'disabled' };

/** The staff table's columns: a role picker per member, and disable/enable for those past their invitation. */
export function staffColumns(
  text: Dictionary['admin'],
  update: (row: StaffRow, change: StaffChange) => unknown,
  busy: boolean,
): DeskColumn<StaffRow>[] {
  const s = text.staff;
  return [
    // A name typed in Latin letters stays whole inside the Arabic table (issue 51).
    { id: 'name', label: s.name, header: s.name, cell: ({ row }) => <bdi>{row.original.name}</bdi> },
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
            busy={busy}
            onClick={() => void update(row.original, { status: row.original.status === 'active' ? 'disabled' : 'active' })}
          >
            {row.original.status === 'active' ? s.disable : s.enable}
          </Button>
        ),
    },
  ];
}
