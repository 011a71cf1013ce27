import type { Dictionary } from '../../../i18n/en.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import type { CouponView } from '../../../lib/admin/promotion-views.ts';
import { showToast } from '../../../lib/toast-event.ts';

/** Pauses an active coupon (the checkout refuses it from the next request) or resumes a paused one. */
export default function PauseButton({
  locale,
  text,
  coupon,
  onChanged,
}: {
  locale: Locale;
  text: Dictionary['adminPromotions'];
  coupon: CouponView;
  onChanged: (saved: CouponView) => void | Promise<void>;
}) {
  const c = text.coupons;
  const toggle = async () => {
    const res = await adminCall<CouponView>(locale, `/coupons/${coupon.id}`, {
      method: 'PATCH',
      body: { active: !coupon.active },
    });
    if (!res.ok) return showToast(res.message, 'error');
    showToast(interpolate(coupon.active ? c.paused : c.resumed, { code: coupon.code }), 'success');
    await onChanged(res.body.data);
  };
  return (
    <button
      type="button"
      className="rounded-full border border-roast-200 px-3 py-1 hover:bg-roast-50"
      aria-label={`${coupon.active ? c.pause : c.resume} ${coupon.code}`}
      onClick={() => void toggle()}
    >
      {coupon.active ? c.pause : c.resume}
    </button>
  );
}
