import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { STAFF_ROLES } from '#core/permissions/permissions.ts';
import { showToast } from '#lib/toast-event.ts';
import { interpolate } from '#i18n/interpolate.ts';
import { Button, SubmitButton } from '#kit/Button.tsx';
import { Input, inputClass } from '#kit/Field.tsx';
import { SelectField } from '#kit/SelectField.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

type Text = Dictionary['admin'];

/** The invitation: name, e-mail and role; the answer is a one-time link to hand over (with a copy button). */
export default function StaffInvite({
  locale,
  text,
  working,
  reload,
}: {
  locale: Locale;
  text: Text;
  working: string;
  reload: () => Promise<void>;
}) {
  const [link, setLink] = useState<{ email: string; href: string } | null>(null);
  const s = text.staff;
  const inviting = useDeskAction<{ id: number; invite_link: string }>({ locale, refresh: reload });
  const { state } = inviting;
  const invite = async (form: FormData, element: HTMLFormElement) => {
    const body = typedValues(form);
    const res = await inviting.run({ path: '/staff', body }, body);
    if (!res) return;
    setLink({ email: body['email'] ?? '', href: res.data.invite_link });
    element.reset();
  };

  return (
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
        <SelectField
          id="invite-role"
          name="role"
          label={s.role}
          error={state.errors['role']}
          options={STAFF_ROLES.filter((r) => r !== 'seller').map((r) => ({ value: r, label: text.roles[r] }))}
          defaultValue="operations"
        />
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
  );
}
