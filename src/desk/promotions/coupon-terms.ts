import { formatMoney, formatNumber, formatProseDate } from '#i18n/format.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { cairoDayStart } from '#lib/cairo-day.ts';
import type { CouponView } from './promotion-views.ts';

type Text = Dictionary['adminPromotions']['coupons'];

/** A coupon's rules in words for the desk's list and page: "15 % (at most EGP 50)", "From … – …", "3 of 100". */
export function couponTerms(coupon: CouponView, text: Text, locale: Locale) {
  const money = (piastres: number) => formatMoney(piastres, locale);
  const discount =
    coupon.kind === 'percent'
      ? `${formatNumber(coupon.value, locale)} %${coupon.max_discount ? ` (≤ ${money(coupon.max_discount)})` : ''}`
      : money(coupon.value);
  // The coupon's days (YYYY-MM-DD, Cairo's) written out as in a sentence: «من 26 نوفمبر 2026».
  const day = (value: string | null) => (value ? formatProseDate(cairoDayStart(value), locale) : null);
  const [from, to] = [day(coupon.starts_on), day(coupon.ends_on)];
  const window =
    from && to
      ? interpolate(text.between, { from, to })
      : from
        ? interpolate(text.from, { day: from })
        : to
          ? interpolate(text.until, { day: to })
          : text.always;
  const used = coupon.usage_limit
    ? interpolate(text.usedOf, { used: formatNumber(coupon.used_count, locale), limit: formatNumber(coupon.usage_limit, locale) })
    : formatNumber(coupon.used_count, locale);
  return { discount, window, used, minimum: money(coupon.min_subtotal), status: coupon.active ? text.active : text.pausedStatus };
}
