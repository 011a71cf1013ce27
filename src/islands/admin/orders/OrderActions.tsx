import { useState, type FormEvent, type ReactNode } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import type { OrderStatus } from '../../../lib/orders/order-status.ts';
import { showToastAfterNavigation } from '../../../lib/toast-event.ts';
import { inputClass } from '../../kit/Field.tsx';
import { useConfirm } from '../../kit/Dialog.tsx';

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

const button = 'rounded-full bg-crema px-5 py-2 text-sm font-semibold text-white hover:bg-roast-500 disabled:opacity-60';
const quiet = 'rounded-full border border-roast-200 px-5 py-2 text-sm font-semibold hover:bg-roast-50 disabled:opacity-60';

/**
 * What staff can do to an order now: the lifecycle's next steps only (the server checks again, against the status
 * shown here, so a stale page gets a clear "someone else changed it"), a failed delivery while the courier has it,
 * and a note. After each success the page is drawn again from the server.
 */
export default function OrderActions(props: Props) {
  const { locale, orderId, status, text } = props;
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const { ask, dialog } = useConfirm();

  const send = async (path: string, body: unknown, done: string) => {
    setBusy(true);
    setError('');
    const res = await adminCall(locale, path, { method: 'POST', body });
    setBusy(false);
    if (!res.ok) return setError(res.message);
    showToastAfterNavigation(done);
    window.location.reload();
  };
  const move = async (to: OrderStatus, extra: Record<string, unknown> = {}) => {
    const name = props.statusNames[to] ?? to;
    const yes = await ask({
      title: interpolate(text.confirmMove, { id: props.orderRef, status: name }),
      confirm: text.moves[to],
      keep: text.cancel,
    });
    if (yes) await send(`/orders/${orderId}/move`, { from: status, to, ...extra }, interpolate(text.moved, { status: name }));
  };
  const onForm = (handler: (form: FormData) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void handler(new FormData(event.currentTarget));
  };
  const simple = props.next.filter(
    (s) => s !== 'CANCELED' && s !== 'WITH_COURIER' && !(status === 'WITH_COURIER' && s === 'READY_TO_SHIP'),
  );

  return (
    <div className="space-y-4">
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {simple.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {simple.map((to) => (
            <button key={to} type="button" className={button} disabled={busy} onClick={() => void move(to)}>
              {text.moves[to]}
            </button>
          ))}
        </div>
      )}
      {props.next.includes('WITH_COURIER') && (
        <Section title={text.moves.WITH_COURIER}>
          <form
            className="grid gap-2"
            onSubmit={onForm((f) =>
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
              {props.couriers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <label className="text-sm font-semibold" htmlFor="handover-tracking">
              {text.tracking}
            </label>
            <input id="handover-tracking" name="tracking" dir="ltr" className={inputClass} />
            <button type="submit" className={button} disabled={busy}>
              {text.moves.WITH_COURIER}
            </button>
          </form>
        </Section>
      )}
      {status === 'WITH_COURIER' && (
        <Section title={text.failedDelivery}>
          <form
            className="space-y-2"
            onSubmit={onForm((f) =>
              send(
                `/orders/${orderId}/failed-delivery`,
                { reason: f.get('reason'), outcome: f.get('outcome') },
                text.failedDelivery,
              ),
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
            <button type="submit" className={quiet} disabled={busy}>
              {text.record}
            </button>
          </form>
        </Section>
      )}
      {props.next.includes('CANCELED') && (
        <Section title={text.moves.CANCELED}>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={onForm((f) => move('CANCELED', { reason: f.get('reason') }))}
          >
            <label className="text-sm font-semibold">
              {text.reason}
              <input name="reason" required className={inputClass} />
            </label>
            <button type="submit" className={quiet} disabled={busy}>
              {text.moves.CANCELED}
            </button>
          </form>
        </Section>
      )}
      <Section title={text.notes}>
        <form
          className="space-y-2"
          onSubmit={onForm((f) => send(`/orders/${orderId}/notes`, { body: f.get('body') }, text.noteAdded))}
        >
          <label className="sr-only" htmlFor="order-note">
            {text.notes}
          </label>
          <textarea id="order-note" name="body" required rows={2} className={inputClass} />
          <button type="submit" className={quiet} disabled={busy}>
            {text.addNote}
          </button>
        </form>
      </Section>
      {dialog}
    </div>
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
