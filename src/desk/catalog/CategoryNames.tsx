import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { formFields } from '#kit/Field.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

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
  const action = useDeskAction({ locale, done: id ? text.saved : text.created, refresh: onSaved });
  const { state } = action;
  const save = async (form: FormData, element: HTMLFormElement) => {
    const typed = typedValues(form);
    const body = { ...typed, ...(categoryId && !id ? { category_id: categoryId } : {}) };
    const write = id ? { path: `/${path}/${id}`, method: 'PUT' as const, body } : { path: `/${path}`, body };
    // A new one's form is empty again for the next.
    if ((await action.run(write, typed)) && !id) element.reset();
  };
  const field = formFields<keyof Names>(state, prefix, (name) => initial[name] ?? '');

  return (
    <form onSubmit={action.onSubmit(save)} noValidate aria-label={label} className="space-y-2">
      <FormMessage state={state} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {field('slug', text.slug, { dir: 'ltr', hint: text.slugHint })}
        {field('name_en', text.nameEn, { dir: 'ltr' })}
        {field('name_ar', text.nameAr, { dir: 'rtl' })}
        {path === 'categories' &&
          field('name_ar_definite', text.definite, { dir: 'rtl', hint: text.definiteHint, optional: true })}
      </div>
      <SubmitButton variant="secondary" size="sm" busy={action.busy}>
        {id ? text.save : text.create}
      </SubmitButton>
    </form>
  );
}
