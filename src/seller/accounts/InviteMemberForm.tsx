import type { SubmitEvent } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolateIsolated } from '#i18n/interpolate.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { Input } from '#kit/Field.tsx';
import { SelectField } from '#kit/SelectField.tsx';
import { FormMessage } from '#kit/Notice.tsx';
import { OneTimeLink } from '#kit/OneTimeLink.tsx';
import type { DeskAction } from '#kit/use-desk-action.ts';
import { SELLER_ROLES } from '#core/permissions/seller-permissions.ts';

/** The one-time link an invitation made, shown to the owner to hand over. */
export interface InviteLink {
  name: string;
  href: string;
}

/** /seller/team's invitation (TeamManager): a member's name, e-mail and role; then the link to hand over. */
export function InviteMemberForm({
  text,
  working,
  inviting,
  onSubmit,
  link,
}: {
  text: Dictionary['seller'];
  working: string;
  inviting: DeskAction<{ id: number; invite_link: string }>;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  link: InviteLink | null;
}) {
  const s = text.team;
  return (
    <section aria-labelledby="invite-title" className="max-w-xl space-y-4 rounded-xl bg-white p-4 shadow-sm">
      <h2 id="invite-title" className="text-lg font-bold">
        {s.invite}
      </h2>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
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
      {link && <OneTimeLink lead={interpolateIsolated(s.invited, { name: link.name })} href={link.href} testId="member-invite" />}
    </section>
  );
}
