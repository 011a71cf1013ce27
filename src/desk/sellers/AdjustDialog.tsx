import { useId } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { formatMoney } from '#i18n/format.ts';
import { interpolateIsolated } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { parseMoneyInput } from '#lib/money.ts';
import { Button, SubmitButton } from '#kit/Button.tsx';
import { ChoiceGroup } from '#kit/ChoiceGroup.tsx';
import { Dialog } from '#kit/Dialog.tsx';
import { Input, MoneyInput } from '#kit/Field.tsx';
import { FormActions } from '#kit/FormActions.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

/** A correction to a seller's available balance, either way, with the reason the audit log keeps. */
export default function AdjustDialog({
  locale,
  text,
  seller,
  onClose,
}: {
  locale: Locale;
  text: Dictionary['sellerLedger'];
  seller: { id: number; name: string };
  onClose: () => void;
}) {
  const m = text.money;
  const id = useId();
  const action = useDeskAction({ locale });
  const { state } = action;
  const submit = async (form: FormData) => {
    const values = typedValues(form);
    const amount = parseMoneyInput(values['amount'] ?? '');
    if (!amount.ok) return action.refuse({ amount: [text.badAmount] }, values);
    const signed = values['direction'] === 'debit' ? -amount.piastres : amount.piastres;
    const done = interpolateIsolated(m.adjustDone, { amount: formatMoney(signed, locale) });
    await action.run(
      { path: `/sellers/${seller.id}/adjustments`, body: { amount: signed, reason: values['reason'] ?? '' }, done },
      values,
    );
  };
  return (
    <Dialog title={interpolateIsolated(m.adjustTitle, { name: seller.name })} onClose={onClose} size="md" data-adjust-dialog>
      {(close) => (
        <form onSubmit={action.onSubmit(submit)} noValidate className="mt-4 space-y-3">
          <FormMessage state={state} />
          <ChoiceGroup
            legend={m.adjustDirection}
            name="direction"
            options={[
              { value: 'credit', label: m.adjustCredit },
              { value: 'debit', label: m.adjustDebit },
            ]}
            defaultValue="credit"
          />
          <MoneyInput name="amount" label={m.payoutAmount} errors={state.errors} idPrefix={id} />
          <Input name="reason" label={m.adjustReason} errors={state.errors} idPrefix={id} />
          <FormActions className="justify-end">
            <Button variant="secondary" onClick={() => close()}>
              {m.cancel}
            </Button>
            <SubmitButton busy={action.busy}>{m.adjustSubmit}</SubmitButton>
          </FormActions>
        </form>
      )}
    </Dialog>
  );
}
