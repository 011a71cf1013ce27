import { useState } from 'react';
import { interpolate, plural } from '#i18n/interpolate.ts';
import { Filled } from '#islands/shared/Filled.tsx';
import type { Locale } from '#i18n/locales.ts';
import type { OrderStatus } from '#lib/orders/order-status.ts';
import { Button } from '#kit/Button.tsx';
import { inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
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
  const l = text.list;
  const action = useDeskAction<Result[]>({
    locale,
    done: (results) => {
      const moved = results.filter((r) => r.ok).length;
      return interpolate(plural(l.bulkDone, moved, locale), { count: moved });
    },
    refresh: (results) => {
      setRefused(results.filter((r) => !r.ok));
      if (results.every((r) => r.ok)) props.onDone();
    },
  });
  const submit = async () => {
    if (!to) return;
    await action.run({
      path: '/orders/bulk-move',
      body: { orders, to, ...(reason ? { reason } : {}), ...(courier ? { courier_id: Number(courier) } : {}) },
    });
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
      <Button size="sm" disabled={!to} busy={action.busy} onClick={() => void submit()}>
        {l.bulkApply}
      </Button>
      <Notice className="w-full">{action.state.message}</Notice>
      {refused.length > 0 && (
        <Notice className="w-full">
          <ul className="list-inside list-disc">
            {refused.map((r) => (
              <li key={r.id}>
                <Filled template={l.bulkRefused} values={{ id: r.id, message: r.message ?? '' }} />
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </div>
  );
}
