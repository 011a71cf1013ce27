import { useActionState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { emptyState, formStateOf, typedValues, type FormState } from '../../kit/form-state.ts';
import { FormMessage } from '../../kit/Notice.tsx';
import { Input } from '../../kit/Field.tsx';
import { useClientAction } from '../../shared/use-mounted.ts';

type Text = Dictionary['adminCatalog']['categories'];
export interface Names {
  slug: string;
  name_en: string;
  name_ar: string;
  name_ar_definite?: string | null;
}

/**
 * One category's or sub-category's names (short name, English, Arabic, and for a category its Arabic name with the
 * article): saved in place, or, without an id, added at the end of its list.
 */
export default function CategoryNames({
  locale,
  text,
  path,
  id,
  categoryId,
  initial,
  label,
  onSaved,
}: {
  locale: Locale;
  text: Text;
  path: 'categories' | 'sub-categories';
  id?: number;
  categoryId?: number;
  initial: Names;
  label: string;
  onSaved: () => void | Promise<void>;
}) {
  const prefix = `${path}-${id ?? `new-${categoryId ?? 'top'}`}`;
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const typed = typedValues(form);
    const body = { ...typed, ...(categoryId && !id ? { category_id: categoryId } : {}) };
    const res = id
      ? await adminCall(locale, `/${path}/${id}`, { method: 'PUT', body })
      : await adminCall(locale, `/${path}`, { method: 'POST', body });
    if (!res.ok) return formStateOf(res, typed);
    showToast(id ? text.saved : text.created, 'success');
    await onSaved();
    return emptyState;
  }, emptyState);
  const clientAction = useClientAction(action);
  const value = (name: keyof Names) => state.values?.[name] ?? (initial[name] as string | null | undefined) ?? '';
  const field = (name: keyof Names, fieldLabel: string, dir: 'ltr' | 'rtl', hint?: string, required = true) => (
    <Input
      key={`${name}-${state.values ? 't' : 's'}-${initial[name] ?? ''}`}
      name={name}
      label={fieldLabel}
      errors={state.errors}
      idPrefix={prefix}
      dir={dir}
      hint={hint}
      required={required}
      autoComplete="off"
      defaultValue={value(name)}
    />
  );
  return (
    <form action={clientAction} noValidate aria-label={label} className="space-y-2">
      <FormMessage state={state} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {field('slug', text.slug, 'ltr', text.slugHint)}
        {field('name_en', text.nameEn, 'ltr')}
        {field('name_ar', text.nameAr, 'rtl')}
        {path === 'categories' && field('name_ar_definite', text.definite, 'rtl', text.definiteHint, false)}
      </div>
      <button
        type="submit"
        className="rounded-full border border-roast-200 bg-white px-4 py-1.5 text-sm font-semibold hover:bg-roast-50"
      >
        {id ? text.save : text.create}
      </button>
    </form>
  );
}
