import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate, interpolateIsolated } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { Button, SubmitButton } from '#kit/Button.tsx';
import { Input } from '#kit/Field.tsx';
import { FormMessage } from '#kit/Notice.tsx';
import { OneTimeLink } from '#kit/OneTimeLink.tsx';
import { SelectField } from '#kit/SelectField.tsx';
import { typedValues } from '#kit/form-state.ts';
import { useDeskAction } from '#kit/use-desk-action.ts';
import type { SellerOwnerView } from './partner-views.ts';

type Text = Dictionary['adminPartners']['ownerReset'];

/**
 * /admin/sellers (partners.manage, issue 50): a seller's owner who lost their authenticator and recovery codes asks the
 * marketplace for a way back. The operator says how they checked it is the owner asking, and gets a new one-time
 * enrolment link to pass on, as at the approval; the owner's password, authenticator and sessions stop working.
 */
export default function OwnerAuthenticatorReset({
  locale,
  text,
  seller,
  owners,
  working,
}: {
  locale: Locale;
  text: Text;
  seller: { id: number; name: string };
  owners: SellerOwnerView[];
  working: string;
}) {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState<{ email: string; href: string } | null>(null);
  // The answer is the link: shown here once, where the operator asked for it.
  const action = useDeskAction<{ id: number; email: string; invite_link: string }>({
    locale,
    refresh: (data) => {
      setLink({ email: data.email, href: data.invite_link });
      setOpen(false);
    },
  });
  if (!owners.length) return null;
  const prefix = `owner-reset-${seller.id}`;
  const reset = (form: FormData) => {
    const body = typedValues(form);
    const owner = body['owner'] ?? String(owners[0]!.id);
    return action.run(
      { path: `/sellers/${seller.id}/owners/${owner}/reset-authenticator`, body: { reason: body['reason'] ?? '' } },
      body,
    );
  };
  return (
    <div className="w-full space-y-2">
      {!open && (
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          {interpolate(text.open, { name: seller.name })}
        </Button>
      )}
      {open && (
        <form
          onSubmit={action.onSubmit(reset)}
          noValidate
          className="max-w-xl space-y-3 rounded-lg border border-roast-200 p-3"
          aria-label={interpolate(text.open, { name: seller.name })}
        >
          <p className="text-sm">{text.intro}</p>
          <FormMessage state={action.state} />
          {owners.length > 1 ? (
            <SelectField
              id={`${prefix}-owner`}
              name="owner"
              label={text.owner}
              options={owners.map((o) => ({ value: o.id, label: `${o.name} (${o.email})` }))}
            />
          ) : (
            <p className="text-sm">
              {text.owner}: <span dir="auto">{owners[0]!.name}</span> (<bdi>{owners[0]!.email}</bdi>)
            </p>
          )}
          <Input
            name="reason"
            label={text.reason}
            hint={text.reasonHint}
            errors={action.state.errors}
            idPrefix={prefix}
            defaultValue={action.state.values?.['reason']}
          />
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={action.busy} busyLabel={working}>
              {text.submit}
            </SubmitButton>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {text.cancel}
            </Button>
          </div>
        </form>
      )}
      {link && (
        <OneTimeLink lead={interpolateIsolated(text.done, { email: link.email })} href={link.href} testId="owner-reset-link" />
      )}
    </div>
  );
}
