import { useId, useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { formatMoney } from '#i18n/format.ts';
import { interpolateIsolated } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { parseMoneyInput } from '#lib/money.ts';
import { PAYOUT_METHODS } from '#lib/seller-ledger/accounts.ts';
import { Button, SubmitButton } from '#kit/Button.tsx';
import { Dialog } from '#kit/Dialog.tsx';
import { Input, MoneyInput } from '#kit/Field.tsx';
import { SelectField } from '#kit/SelectField.tsx';
import { FormActions } from '#kit/FormActions.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

/**
 * Finance records a payout already sent (bank transfer, InstaPay, wallet) with its reference. The key is made when the
 * dialog opens: a double press or a retry after a lost answer records one payout (the API answers the first).
 */
export default function PayoutDialog({
  locale,
  text,
  seller,
  onClose,
}: {
  locale: Locale;
  text: Dictionary['sellerLedger'];
  seller: { id: number; name: string; available: number };
  onClose: () => void;
}) {
  const m = text.money;
  const id = useId();
  const [key] = useState(() => `payout-${crypto.randomUUID()}`);
  const action = useDeskAction<{ amount: number }>({
    locale,
    done: (payout) => interpolateIsolated(m.payoutDone, { amount: formatMoney(payout.amount, locale) }),
  });
  const { state } = action;
  const submit = async (form: FormData) => {
    const values = typedValues(form);
    const amount = parseMoneyInput(values['amount'] ?? '');
    if (!amount.ok) return action.refuse({ amount: [text.badAmount] }, values);
    const body = {
      amount: amount.piastres,
      method: values['method'],
      reference: values['reference'] ?? '',
      idempotency_key: key,
    };
    await action.run({ path: `/sellers/${seller.id}/payouts`, body }, values);
  };
  return (
    <Dialog title={interpolateIsolated(m.payoutTitle, { name: seller.name })} onClose={onClose} size="md" data-payout-dialog>
      {(close) => (
        <form onSubmit={action.onSubmit(submit)} noValidate className="mt-4 space-y-3">
          <FormMessage state={state} />
          <MoneyInput
            name="amount"
            label={m.payoutAmount}
            hint={interpolateIsolated(m.payoutAmountHint, { amount: formatMoney(Math.max(0, seller.available), locale) })}
            errors={state.errors}
            idPrefix={id}
          />
          <SelectField
            id={`${id}-method`}
            name="method"
            label={m.method}
            error={state.errors['method']}
            options={PAYOUT_METHODS.map((method) => ({ value: method, label: text.methods[method] }))}
            defaultValue="bank_transfer"
          />
          <Input name="reference" label={m.payoutReference} errors={state.errors} idPrefix={id} dir="ltr" />
          <FormActions className="justify-end">
            <Button variant="secondary" onClick={() => close()}>
              {m.cancel}
            </Button>
            <SubmitButton busy={action.busy}>{m.payoutSubmit}</SubmitButton>
          </FormActions>
        </form>
      )}
    </Dialog>
  );
}
