import type { ProductEditView } from './catalog-views.ts';
import { cellText } from './grid-edits.ts';
import { Field, formFields, inputClass } from '#kit/Field.tsx';
import type { FormState } from '#kit/form-state.ts';
import { SelectField } from '#kit/SelectField.tsx';

/**
 * The product editor's controls (ProductEditor.tsx): each shows what was typed after a refused save, else the stored
 * value, with its field's messages; selects remount when the category changes, so the sub-categories follow it.
 */
export function editorFields({
  state,
  product,
  category,
  choose,
}: {
  state: FormState;
  product: ProductEditView | null;
  category: string;
  choose: string;
}) {
  const stored = (name: keyof ProductEditView): string => {
    if (!product) return '';
    if (name === 'price' || name === 'before_discount' || name === 'stock') return cellText(product, name);
    const v = product[name];
    return v === null || typeof v === 'object' ? '' : String(v);
  };
  const input = formFields<keyof ProductEditView>(state, 'product', stored);
  const area = (name: 'description_en' | 'description_ar', label: string, dir: 'ltr' | 'rtl') => (
    <Field id={`product-${name}`} label={label} error={state.errors[name]}>
      {(a11y) => (
        <textarea
          {...a11y}
          key={`${name}-${state.values ? 't' : 's'}`}
          name={name}
          rows={6}
          dir={dir}
          required
          className={inputClass}
          defaultValue={state.values?.[name] ?? stored(name)}
        />
      )}
    </Field>
  );
  const select = (
    name: 'category_id' | 'sub_category_id' | 'seller_id',
    label: string,
    options: { id: number; name: string }[],
    onPick?: (v: string) => void,
  ) => (
    <SelectField
      key={`${name}-${category}`}
      id={`product-${name}`}
      name={name}
      label={label}
      error={state.errors[name]}
      options={options}
      required
      placeholder={choose}
      defaultValue={name === 'category_id' ? category : (state.values?.[name] ?? stored(name))}
      onChange={onPick}
    />
  );
  return { input, area, select };
}
