import { useId, useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import type { CommissionRule } from '#lib/seller-ledger/commission.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { ChoiceGroup } from '#kit/ChoiceGroup.tsx';
import { formFields } from '#kit/Field.tsx';
import { SelectField } from '#kit/SelectField.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { commissionBody, storedFee, type FeeField } from './commission-form.ts';
import { SCOPES, scopeHasCategory, scopeHasSeller, type Named, type ScopeKind } from './commission-scope.ts';

/**
 * Sets the commission rule of one scope (PUT /api/admin/commission-rules, audited there). Choosing a scope that has
 * a rule fills the form with it, so changing a rule is setting it again. The rate is typed in percent and the fees in
 * pounds, on any keyboard (parseMoneyInput: a percent with two decimals is a whole number of basis points, as pounds
 * are of piastres); the inputs are named like the API's fields, so its refusals land under them. A save draws the
 * page again, its list included, with the toast carried across.
 */
export default function CommissionRuleForm({
  locale,
  text,
  rules,
  sellers,
  categories,
}: {
  locale: Locale;
  text: Dictionary['sellerLedger'];
  rules: CommissionRule[];
  sellers: Named[];
  categories: Named[];
}) {
  const c = text.commission;
  const id = useId();
  const action = useDeskAction({ locale, done: c.saved });
  const { state } = action;
  const [scope, setScope] = useState<ScopeKind>('marketplace');
  const [sellerId, setSellerId] = useState(sellers[0]?.id ?? 0);
  const [categoryId, setCategoryId] = useState(categories[0]?.id ?? 0);
  const chosen = {
    sellerId: scopeHasSeller(scope) ? sellerId : null,
    categoryId: scopeHasCategory(scope) ? categoryId : null,
  };
  const rule = rules.find((r) => r.sellerId === chosen.sellerId && r.categoryId === chosen.categoryId);
  const [kind, setKind] = useState<CommissionRule['kind']>(rule?.kind ?? 'percent');
  // Another scope: its own rule (if any) in the form, and the last refusal forgotten.
  const choose = (next: Partial<{ scope: ScopeKind; sellerId: number; categoryId: number }>) => {
    const s = next.scope ?? scope;
    const target = {
      sellerId: scopeHasSeller(s) ? (next.sellerId ?? sellerId) : null,
      categoryId: scopeHasCategory(s) ? (next.categoryId ?? categoryId) : null,
    };
    if (next.scope) setScope(next.scope);
    if (next.sellerId !== undefined) setSellerId(next.sellerId);
    if (next.categoryId !== undefined) setCategoryId(next.categoryId);
    const found = rules.find((r) => r.sellerId === target.sellerId && r.categoryId === target.categoryId);
    if (found) setKind(found.kind);
    action.reset();
  };
  const field = formFields<FeeField>(state, id, (name) => storedFee(rule, name));

  const submit = async (form: FormData) => {
    const values = typedValues(form);
    const { body, errors } = commissionBody(kind, values, { badAmount: text.badAmount, badRate: c.badRate });
    if (Object.keys(errors).length) return action.refuse(errors, values);
    await action.run(
      { path: '/commission-rules', method: 'PUT', body: { seller_id: chosen.sellerId, category_id: chosen.categoryId, ...body } },
      values,
    );
  };

  const select = (name: 'seller_id' | 'category_id', label: string, options: Named[], value: number) => (
    <SelectField
      id={`${id}-${name}`}
      name={name}
      label={label}
      error={state.errors[name]}
      options={options}
      value={value}
      onChange={(v) => choose(name === 'seller_id' ? { sellerId: Number(v) } : { categoryId: Number(v) })}
    />
  );
  // A scope needs a seller or a category to choose from.
  const offered = SCOPES.filter((s) => (!scopeHasSeller(s) || sellers.length) && (!scopeHasCategory(s) || categories.length));
  return (
    <form
      onSubmit={action.onSubmit(submit)}
      noValidate
      className="max-w-xl space-y-4 rounded-xl bg-white p-4 shadow-sm"
      data-commission-form
    >
      <FormMessage state={state} />
      <ChoiceGroup
        legend={c.scopeLegend}
        name="scope"
        options={offered.map((s) => ({ value: s, label: c.scopes[s] }))}
        value={scope}
        onChange={(s) => choose({ scope: s })}
      />
      {scopeHasSeller(scope) && select('seller_id', c.seller, sellers, sellerId)}
      {scopeHasCategory(scope) && select('category_id', c.category, categories, categoryId)}
      <ChoiceGroup
        legend={c.kindLegend}
        name="kind"
        options={(['percent', 'flat'] as const).map((k) => ({ value: k, label: c.kinds[k] }))}
        value={kind}
        onChange={setKind}
      />
      {kind === 'percent' ? (
        <>
          {field('rate_bp', c.rate, { money: true, hint: c.rateHint })}
          {field('min_fee', c.minFee, { money: true, optional: true })}
          {field('max_fee', c.maxFee, { money: true, optional: true })}
        </>
      ) : (
        field('flat_fee', c.flatFee, { money: true })
      )}
      <SubmitButton busy={action.busy}>{c.save}</SubmitButton>
    </form>
  );
}
