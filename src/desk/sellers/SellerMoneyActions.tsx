import { useId, useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { Button, SubmitButton } from '#kit/Button.tsx';
import { Input } from '#kit/Field.tsx';
import { FormActions } from '#kit/FormActions.tsx';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import AdjustDialog from './AdjustDialog.tsx';
import PayoutDialog from './PayoutDialog.tsx';

/**
 * What finance does on a seller's money page (sellers.payout): record a payout, adjust the balance, suspend or resume
 * payouts. Each write draws the page again (no refresh of its own), with its toast carried across.
 */
export default function SellerMoneyActions({
  locale,
  text,
  seller,
}: {
  locale: Locale;
  text: Dictionary['sellerLedger'];
  seller: { id: number; name: string; available: number; payoutsSuspended: boolean };
}) {
  const m = text.money;
  const id = useId();
  const [open, setOpen] = useState<'payout' | 'adjust' | null>(null);
  const suspension = useDeskAction({ locale, done: seller.payoutsSuspended ? m.resumedDone : m.suspendedDone });
  const toggle = async (form: FormData) => {
    const reason = String(form.get('reason') ?? '');
    await suspension.run({
      path: `/sellers/${seller.id}/payout-suspension`,
      body: { suspended: !seller.payoutsSuspended, reason },
    });
  };
  return (
    <section className="space-y-4" data-seller-money-actions>
      <FormActions>
        <Button onClick={() => setOpen('payout')} disabled={seller.payoutsSuspended} data-record-payout>
          {m.recordPayout}
        </Button>
        <Button variant="secondary" onClick={() => setOpen('adjust')}>
          {m.adjust}
        </Button>
      </FormActions>
      <form
        onSubmit={suspension.onSubmit(toggle)}
        noValidate
        className="max-w-xl space-y-3 rounded-xl bg-white p-4 shadow-sm"
        data-payout-suspension
      >
        <FormMessage state={suspension.state} />
        {!seller.payoutsSuspended && (
          <Input name="reason" label={m.suspendReason} errors={suspension.state.errors} idPrefix={id} />
        )}
        <SubmitButton variant={seller.payoutsSuspended ? 'secondary' : 'danger'} busy={suspension.busy}>
          {seller.payoutsSuspended ? m.resume : m.suspend}
        </SubmitButton>
      </form>
      {open === 'payout' && <PayoutDialog locale={locale} text={text} seller={seller} onClose={() => setOpen(null)} />}
      {open === 'adjust' && <AdjustDialog locale={locale} text={text} seller={seller} onClose={() => setOpen(null)} />}
    </section>
  );
}
