import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { couponBody, couponFields, type CouponFields } from './coupon-form.ts';
import type { CouponView } from './promotion-views.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { formFields } from '#kit/Field.tsx';
import { SelectField } from '#kit/SelectField.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

type Text = Dictionary['adminPromotions'];

/**
 * Creates a coupon, or changes the one given, with every rule the checkout knows. Amounts are typed in pounds (read
 * by parseMoneyInput); the API receives piastres (src/desk/promotions/coupon-form.ts) and checks everything again. The
 * caller says what follows a save (`onSaved`: the toast and the list or page read again).
 */
export default function CouponForm({
  locale,
  text,
  coupon,
  onSaved,
  done,
}: {
  locale: Locale;
  text: Text;
  coupon: CouponView | null;
  onSaved: (saved: CouponView) => void | Promise<void>;
  /** The toast after a save. */
  done: (saved: CouponView) => string;
}) {
  const c = text.coupons;
  const stored = couponFields(coupon);
  const [kind, setKind] = useState(stored.kind);
  const action = useDeskAction<CouponView>({ locale, done, refresh: onSaved });
  const { state } = action;
  const save = (form: FormData) => {
    const typed = { ...stored, ...typedValues(form) } as CouponFields;
    const body = couponBody(typed);
    return action.run(
      coupon
        ? { path: `/coupons/${coupon.id}`, method: 'PATCH', body }
        : { path: '/coupons', body: { ...body, code: typed.code } },
      typed,
    );
  };
  const prefix = coupon ? `coupon-${coupon.id}` : 'coupon-new';
  const field = formFields<keyof CouponFields>(state, prefix, (name) => stored[name]);
  const count = { optional: true, dir: 'ltr', inputMode: 'numeric' } as const;
  const day = { optional: true, dir: 'ltr', type: 'date', hint: c.windowHint } as const;

  return (
    <form onSubmit={action.onSubmit(save)} noValidate className="space-y-4" aria-labelledby={`${prefix}-title`}>
      <FormMessage state={state} />
      <div className="grid gap-4 sm:grid-cols-2">
        {!coupon && field('code', c.code, { hint: c.codeHint, dir: 'ltr' })}
        <SelectField
          id={`${prefix}-kind`}
          name="kind"
          label={c.kind}
          error={state.errors['kind']}
          options={[
            { value: 'percent', label: c.percent },
            { value: 'fixed', label: c.fixed },
          ]}
          value={kind}
          onChange={setKind}
        />
        {field('value', kind === 'fixed' ? c.valueFixed : c.valuePercent, { ...count, money: kind === 'fixed' })}
        {kind === 'percent' && field('max_discount', c.maxDiscount, { hint: c.maxDiscountHint, optional: true, money: true })}
        {field('min_subtotal', c.minSubtotal, { optional: true, money: true })}
        {field('starts_on', c.startsOn, day)}
        {field('ends_on', c.endsOn, day)}
        {field('usage_limit', c.usageLimit, { ...count, hint: c.limitHint })}
        {field('per_user_limit', c.perUserLimit, { ...count, hint: c.limitHint })}
      </div>
      <SubmitButton busy={action.busy}>{coupon ? c.save : c.create}</SubmitButton>
    </form>
  );
}
