import { useState } from 'react';
import { interpolate, plural } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import type { OrderStatus } from '../../../lib/orders/order-status.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { inputClass } from '../../kit/Field.tsx';
import type { OrdersTableText } from './orders-text.ts';

type Result = { id: number; ok: boolean; message?: string };

/** Moves the selected orders to one status: each order on its own, the refusals listed by order. */
export default function BulkMove(props: {
  locale: Locale;
  text: OrdersTableText;
  orders: { id: number; from: OrderStatus }[];
  targets: readonly OrderStatus[];
  couriers: { id: number; name: string }[];
  onDone: () => void;
}) {
  const { locale, text, orders, targets } = props;
  const [to, setTo] = useState<OrderStatus | ''>('');
  const [reason, setReason] = useState('');
  const [courier, setCourier] = useState('');
  const [refused, setRefused] = useState<Result[]>([]);
  const [busy, setBusy] = useState(false);
  const l = text.list;
  const submit = async () => {
    if (!to) return;
    setBusy(true);
    const res = await adminCall<Result[]>(locale, '/orders/bulk-move', {
      method: 'POST',
      body: { orders, to, ...(reason ? { reason } : {}), ...(courier ? { courier_id: Number(courier) } : {}) },
    });
    setBusy(false);
    if (!res.ok) return showToast(res.message, 'error');
    const moved = res.body.data.filter((r) => r.ok).length;
    setRefused(res.body.data.filter((r) => !r.ok));
    showToast(interpolate(plural(l.bulkDone, moved, locale), { count: moved }), 'success');
    if (res.body.data.every((r) => r.ok)) props.onDone();
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="text-sm font-semibold">
        {l.bulkMove}
        <select className={inputClass} value={to} onChange={(e) => setTo(e.target.value as OrderStatus)}>
          <option value="">{l.chooseStatus}</option>
          {targets.map((s) => (
            <option key={s} value={s}>
              {text.moves[s]}
            </option>
          ))}
        </select>
      </label>
      {to === 'CANCELED' && (
        <label className="text-sm font-semibold">
          {text.reason}
          <input className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
      )}
      {to === 'WITH_COURIER' && (
        <label className="text-sm font-semibold">
          {text.chooseCourier}
          <select className={inputClass} value={courier} onChange={(e) => setCourier(e.target.value)}>
            <option value="">{text.chooseCourier}</option>
            {props.couriers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <button
        type="button"
        disabled={!to || busy}
        onClick={() => void submit()}
        className="rounded-full bg-crema px-5 py-2 text-sm font-semibold text-white hover:bg-roast-500 disabled:opacity-60"
      >
        {l.bulkApply}
      </button>
      {refused.length > 0 && (
        <ul role="alert" className="w-full list-inside list-disc text-sm text-red-800">
          {refused.map((r) => (
            <li key={r.id}>{interpolate(l.bulkRefused, { id: r.id, message: r.message ?? '' })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
