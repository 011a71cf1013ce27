import { useState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { inputClass } from '../../kit/Field.tsx';

type Text = Dictionary['adminPartners']['sellers'];

/** A seller's status with the one move it allows: suspend (a reason first) or reinstate. */
export default function SellerStatus({
  locale,
  text,
  seller,
}: {
  locale: Locale;
  text: Text;
  seller: { id: number; name: string; status: 'active' | 'suspended' };
}) {
  const [status, setStatus] = useState(seller.status);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const name = seller.name;
  const move = async () => {
    const suspend = status === 'active';
    const res = await adminCall<{ status: 'active' | 'suspended' }>(
      locale,
      `/sellers/${seller.id}/${suspend ? 'suspend' : 'reinstate'}`,
      {
        method: 'POST',
        body: suspend ? { reason } : {},
      },
    );
    if (!res.ok) {
      setError(res.body.errors?.['reason']?.join(' ') ?? res.message);
      return showToast(res.message, 'error');
    }
    setStatus(res.body.data.status);
    setAsking(false);
    setReason('');
    setError(undefined);
    showToast(interpolate(suspend ? text.suspendedDone : text.reinstatedDone, { name }), 'success');
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <strong data-seller-status className={status === 'suspended' ? 'text-red-800' : ''}>
        {status === 'suspended' ? text.suspended : text.active}
      </strong>
      {status === 'active' && asking && (
        <label className="block min-w-0 flex-1 basis-48 text-sm">
          <span className="sr-only">{interpolate(text.reason, { name })}</span>
          <input
            className={`${inputClass} mt-0`}
            value={reason}
            placeholder={interpolate(text.reason, { name })}
            aria-invalid={Boolean(error)}
            onChange={(e) => setReason(e.target.value)}
          />
          {error && <span className="mt-1 block text-red-800">{error}</span>}
        </label>
      )}
      <button
        type="button"
        className="rounded-full border border-roast-200 px-3 py-1 hover:bg-roast-50"
        onClick={() => (status === 'active' && !asking ? setAsking(true) : void move())}
      >
        {interpolate(status === 'active' ? text.suspend : text.reinstate, { name })}
      </button>
    </div>
  );
}
