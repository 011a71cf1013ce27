import { useState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { firstMessage } from '#lib/api-client.ts';
import { Filled } from '../shared/Filled.tsx';
import { shopperFetch } from '#lib/api-client.ts';
import type { OrdersText } from './checkout-text.ts';

interface Props {
  locale: Locale;
  text: OrdersText;
  products: { product_id: number; quantity: number }[];
  applied: string | null;
  onApplied: (code: string | null) => void;
}

/** Step 2: a coupon checked by the server (POST /checkCoupon); a refusal shows 'Invalid Coupon'. */
export default function CouponStep({ locale, text, products, applied, onApplied }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply() {
    if (!code.trim()) return;
    setBusy(true);
    setError(null);
    const res = await shopperFetch<{ data: { code: string } }>('/checkCoupon', {
      locale,
      method: 'POST',
      body: { coupon: code, products },
    });
    setBusy(false);
    if (res?.ok) onApplied(res.body.data.code);
    else setError(firstMessage(res?.body, text.errors.invalidCoupon));
  }

  return (
    <fieldset className="rounded-xl border border-roast-100 bg-white p-4" data-step="coupon">
      <legend className="px-1 text-lg font-bold">{text.checkout.couponStep}</legend>
      {applied ? (
        <p className="flex items-center justify-between gap-2 text-green-800" data-coupon-applied>
          <span>
            <Filled template={text.checkout.couponApplied} values={{ code: applied }} />
          </span>
          <button type="button" className="text-sm underline" onClick={() => onApplied(null)}>
            {text.checkout.removeCoupon}
          </button>
        </p>
      ) : (
        <div className="flex gap-2">
          <label className="sr-only" htmlFor="coupon-code">
            {text.checkout.couponLabel}
          </label>
          <input
            id="coupon-code"
            className="block w-full rounded-lg border border-roast-200 px-3 py-2"
            placeholder={text.checkout.couponLabel}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void apply();
              }
            }}
          />
          <button
            type="button"
            disabled={busy}
            onClick={() => void apply()}
            className="rounded-full bg-roast-700 px-4 py-2 font-semibold text-white"
          >
            {text.checkout.apply}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700" data-coupon-error>
          {error}
        </p>
      )}
    </fieldset>
  );
}
