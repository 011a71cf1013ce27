import type { ReactNode } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate, interpolateIsolated } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import type { OrderStatus } from '#lib/orders/order-status.ts';
import { Button, SubmitButton } from '#kit/Button.tsx';
import { useConfirm } from '#kit/Dialog.tsx';
import { inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction, type DeskAction } from '#kit/use-desk-action.ts';

type Text = Dictionary['adminOrders']['order'];
interface Props {
  locale: Locale;
  orderId: number;
  orderRef: string;
  status: OrderStatus;
  next: readonly OrderStatus[];
  couriers: { id: number; name: string }[];
  text: Text;
  statusNames: Record<string, string>;
}
/** Moves the order to a status after asking (the server checks again against the status shown here). */
type Move = (to: OrderStatus, extra?: Record<string, unknown>) => Promise<void>;

/**
 * What staff can do to an order now: the lifecycle's next steps only (the server checks again, against the status
 * shown here, so a stale page gets a clear "someone else changed it"), a failed delivery while the courier has it,
 * and a note. Each write goes through useDeskAction; the order page is drawn again from the server after a success.
 */
export default function OrderActions(props: Props) {
  const { locale, orderId, status, text } = props;
  const action = useDeskAction({ locale });
  const { ask, dialog } = useConfirm();
  const move: Move = async (to, extra = {}) => {
    const name = props.statusNames[to] ?? to;
    const yes = await ask({
      title: interpolateIsolated(text.confirmMove, { id: props.orderRef, status: name }),
      confirm: text.moves[to],
      keep: text.cancel,
    });
    if (!yes) return;
    await action.run({
      path: `/orders/${orderId}/move`,
      body: { from: status, to, ...extra },
      done: interpolate(text.moved, { status: name }),
    });
  };
  const simple = props.next.filter(
    (s) => s !== 'CANCELED' && s !== 'WITH_COURIER' && !(status === 'WITH_COURIER' && s === 'READY_TO_SHIP'),
  );

  return (
    <div className="space-y-4">
      <Notice>{action.state.message}</Notice>
      {simple.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {simple.map((to) => (
            <Button key={to} size="sm" busy={action.busy} onClick={() => void move(to)}>
              {text.moves[to]}
            </Button>
          ))}
        </div>
      )}
      {props.next.includes('WITH_COURIER') && <HandoverForm {...props} action={action} move={move} />}
      {status === 'WITH_COURIER' && <FailedDeliveryForm {...props} action={action} />}
      {props.next.includes('CANCELED') && <CancelForm text={text} action={action} move={move} />}
      <NoteForm {...props} action={action} />
      {dialog}
    </div>
  );
}

type Part = Props & { action: DeskAction<unknown> };

function HandoverForm({ text, couriers, action, move }: Part & { move: Move }) {
  return (
    <Section title={text.moves.WITH_COURIER}>
      <form
        className="grid gap-2"
        onSubmit={action.onSubmit((f) =>
          move('WITH_COURIER', {
            courier_id: Number(f.get('courier')) || undefined,
            tracking_number: f.get('tracking') || undefined,
          }),
        )}
      >
        <label className="text-sm font-semibold" htmlFor="handover-courier">
          {text.courier}
        </label>
        <select id="handover-courier" name="courier" className={inputClass} required>
          <option value="">{text.chooseCourier}</option>
          {couriers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <label className="text-sm font-semibold" htmlFor="handover-tracking">
          {text.tracking}
        </label>
        <input id="handover-tracking" name="tracking" dir="ltr" className={inputClass} />
        <SubmitButton size="sm" busy={action.busy}>
          {text.moves.WITH_COURIER}
        </SubmitButton>
      </form>
    </Section>
  );
}

function FailedDeliveryForm({ text, orderId, action }: Part) {
  return (
    <Section title={text.failedDelivery}>
      <form
        className="space-y-2"
        onSubmit={action.onSubmit((f) =>
          action.run({
            path: `/orders/${orderId}/failed-delivery`,
            body: { reason: f.get('reason'), outcome: f.get('outcome') },
            done: text.failedDelivery,
          }),
        )}
      >
        <label className="block text-sm font-semibold">
          {text.failedReason}
          <input name="reason" required className={inputClass} />
        </label>
        <fieldset className="space-y-1 text-sm">
          <legend className="sr-only">{text.failedDelivery}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="outcome" value="reschedule" defaultChecked /> {text.reschedule}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="outcome" value="return" /> {text.returnToOrigin}
          </label>
        </fieldset>
        <SubmitButton variant="secondary" size="sm" busy={action.busy}>
          {text.record}
        </SubmitButton>
      </form>
    </Section>
  );
}

function CancelForm({ text, action, move }: { text: Text; action: DeskAction<unknown>; move: Move }) {
  return (
    <Section title={text.moves.CANCELED}>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={action.onSubmit((f) => move('CANCELED', { reason: f.get('reason') }))}
      >
        <label className="text-sm font-semibold">
          {text.reason}
          <input name="reason" required className={inputClass} />
        </label>
        <SubmitButton variant="secondary" size="sm" busy={action.busy}>
          {text.moves.CANCELED}
        </SubmitButton>
      </form>
    </Section>
  );
}

function NoteForm({ text, orderId, action }: Part) {
  return (
    <Section title={text.notes}>
      <form
        className="space-y-2"
        onSubmit={action.onSubmit((f) =>
          action.run({ path: `/orders/${orderId}/notes`, body: { body: f.get('body') }, done: text.noteAdded }),
        )}
      >
        <label className="sr-only" htmlFor="order-note">
          {text.notes}
        </label>
        <textarea id="order-note" name="body" required rows={2} className={inputClass} />
        <SubmitButton variant="secondary" size="sm" busy={action.busy}>
          {text.addNote}
        </SubmitButton>
      </form>
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 border-t border-roast-100 pt-3">
      <h3 className="text-sm font-bold">{title}</h3>
      {children}
    </section>
  );
}
