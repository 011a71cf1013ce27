import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import type { CouponView } from './promotion-views.ts';
import CouponForm from './CouponForm.tsx';
import PauseButton from './PauseButton.tsx';

/** /admin/coupons/:id: the coupon's status with pause or resume, and its rules to change. */
export default function CouponEditor({
  locale,
  text,
  initial,
}: {
  locale: Locale;
  text: Dictionary['adminPromotions'];
  initial: CouponView;
}) {
  const [coupon, setCoupon] = useState(initial);
  const c = text.coupons;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <span>
          {c.status}: <strong data-coupon-status>{coupon.active ? c.active : c.pausedStatus}</strong>
        </span>
        <PauseButton locale={locale} text={text} coupon={coupon} onChanged={setCoupon} />
      </div>
      <section aria-labelledby={`coupon-${coupon.id}-title`} className="space-y-4 rounded-xl bg-white p-4 shadow-sm">
        <h2 id={`coupon-${coupon.id}-title`} className="text-lg font-bold">
          {c.rules}
        </h2>
        <CouponForm
          key={`${coupon.id}-${coupon.active}`}
          locale={locale}
          text={text}
          coupon={coupon}
          done={() => c.saved}
          onSaved={setCoupon}
        />
      </section>
    </div>
  );
}
