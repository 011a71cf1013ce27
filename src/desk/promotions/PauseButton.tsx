import type { Dictionary } from '#i18n/en.ts';
import { interpolateIsolated } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import type { CouponView } from './promotion-views.ts';
import { Button } from '#kit/Button.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

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
  const action = useDeskAction<CouponView>({
    locale,
    done: interpolateIsolated(coupon.active ? c.paused : c.resumed, { code: coupon.code }),
    refresh: onChanged,
  });
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        busy={action.busy}
        aria-label={`${coupon.active ? c.pause : c.resume} ${coupon.code}`}
        onClick={() => void action.run({ path: `/coupons/${coupon.id}`, method: 'PATCH', body: { active: !coupon.active } })}
      >
        {coupon.active ? c.pause : c.resume}
      </Button>
      <Notice>{action.state.message}</Notice>
    </>
  );
}
