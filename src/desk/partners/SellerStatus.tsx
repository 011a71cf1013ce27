import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { Button } from '#kit/Button.tsx';
import { inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

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
  const name = seller.name;
  const suspend = status === 'active';
  // The seller's new status comes back and is shown where it stands.
  const action = useDeskAction<{ status: 'active' | 'suspended' }>({
    locale,
    done: interpolate(suspend ? text.suspendedDone : text.reinstatedDone, { name }),
    refresh: (saved) => {
      setStatus(saved.status);
      setAsking(false);
      setReason('');
    },
  });
  const error = action.state.errors['reason']?.join(' ');
  const move = () =>
    action.run({ path: `/sellers/${seller.id}/${suspend ? 'suspend' : 'reinstate'}`, body: suspend ? { reason } : {} });
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
            aria-describedby={error ? `seller-${seller.id}-reason-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {error && (
            <span id={`seller-${seller.id}-reason-error`} className="mt-1 block text-red-800" data-field-error>
              {error}
            </span>
          )}
        </label>
      )}
      <Button
        variant="secondary"
        size="sm"
        busy={action.busy}
        onClick={() => (status === 'active' && !asking ? setAsking(true) : void move())}
      >
        {interpolate(status === 'active' ? text.suspend : text.reinstate, { name })}
      </Button>
      {!error && <Notice className="w-full">{action.state.message}</Notice>}
    </div>
  );
}
