import type { Dictionary } from '#i18n/en.ts';
import { formatMoney } from '#i18n/format.ts';
import { interpolateIsolated } from '#i18n/interpolate.ts';
import { Filled } from '#islands/shared/Filled.tsx';
import type { Locale } from '#i18n/locales.ts';
import { parseMoneyInput } from '#lib/money.ts';
import { Button, SubmitButton } from '#kit/Button.tsx';
import { ChoiceGroup } from '#kit/ChoiceGroup.tsx';
import { Dialog, type Question } from '#kit/Dialog.tsx';
import { Input, MoneyInput } from '#kit/Field.tsx';
import { FormActions } from '#kit/FormActions.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import type { RefundView } from './refund-view.ts';

/** What the API answers for a payout (piastres). */
export interface Paid {
  amount: number;
  destination: 'card' | 'wallet';
  remaining: number;
}

/**
 * The pay dialog: amount (pounds on any keyboard, read by parseMoneyInput; empty pays all), card or wallet, an
 * optional note; then a confirmation, then the payout through useDeskAction. The server's refusal (field errors, a
 * provider's refusal) shows here, in place.
 */
export default function PayRefundDialog({
  locale,
  text,
  refund,
  ask,
  onPaid,
  onClose,
}: {
  locale: Locale;
  text: Dictionary['adminMoney'];
  refund: RefundView;
  ask: (question: Question) => Promise<boolean>;
  onPaid: (paid: Paid) => void;
  onClose: () => void;
}) {
  const r = text.refunds;
  const money = (piastres: number) => formatMoney(piastres, locale);
  const action = useDeskAction<Paid>({
    locale,
    done: (paid) =>
      interpolateIsolated(r.paid, { amount: money(paid.amount), destination: r.destinationsInText[paid.destination] }),
    refresh: onPaid,
  });
  const order = `#${refund.orderId}`;

  const pay = async (form: FormData) => {
    const values = typedValues(form);
    const typed = (values['amount'] ?? '').trim();
    const amount = typed ? parseMoneyInput(typed) : null;
    if (amount && !amount.ok) return action.refuse({ amount: [text.badAmount] }, values);
    const destination = values['destination'] === 'wallet' ? 'wallet' : 'card';
    const note = (values['reason'] ?? '').trim();
    const yes = await ask({
      title: interpolateIsolated(r.payTitle, { order }),
      text: interpolateIsolated(r.confirm, {
        amount: money(amount?.ok ? amount.piastres : refund.amount),
        destination: r.destinationsInText[destination],
        name: refund.shopperName,
      }),
      confirm: r.submit,
      keep: r.cancel,
    });
    if (!yes) return;
    await action.run(
      {
        path: `/refunds/${refund.id}/pay`,
        body: { destination, ...(amount?.ok ? { amount: amount.piastres } : {}), ...(note ? { reason: note } : {}) },
      },
      values,
    );
  };

  const { state } = action;
  return (
    <Dialog title={interpolateIsolated(r.payTitle, { order })} onClose={onClose} size="md" data-pay-dialog>
      {(close) => (
        <form onSubmit={action.onSubmit(pay)} noValidate className="mt-4 space-y-4">
          <p className="text-sm">
            <Filled template={r.owed} values={{ amount: money(refund.amount) }} />
          </p>
          <FormMessage state={state} />
          <MoneyInput
            name="amount"
            label={r.amountLabel}
            errors={state.errors}
            idPrefix={`pay-${refund.id}`}
            required={false}
            defaultValue={state.values?.['amount']}
          />
          <ChoiceGroup
            legend={r.payTo}
            name="destination"
            layout="stacked"
            options={[...(refund.hasPayment ? [{ value: 'card', label: r.toCard }] : []), { value: 'wallet', label: r.toWallet }]}
            defaultValue={refund.hasPayment ? 'card' : 'wallet'}
          />
          <Input name="reason" label={r.note} errors={state.errors} idPrefix={`pay-${refund.id}`} required={false} />
          <FormActions className="justify-end">
            <Button variant="secondary" onClick={() => close()}>
              {r.cancel}
            </Button>
            <SubmitButton busy={action.busy}>{r.submit}</SubmitButton>
          </FormActions>
        </form>
      )}
    </Dialog>
  );
}
