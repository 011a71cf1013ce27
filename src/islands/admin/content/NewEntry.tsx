import { useState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { localePath } from '../../../i18n/routes.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import { emptyContent, slugProblem } from '../../../lib/content/desk-content.ts';
import { Field, inputClass } from '../../kit/Field.tsx';
import { useClientAction } from '../../shared/use-mounted.ts';

type Text = Dictionary['adminContent'];

/** Starts an entry: its address (checked here and by the API), then its editor, where everything else is written. */
export default function NewEntry({
  locale,
  text,
  collection,
  taken,
}: {
  locale: Locale;
  text: Text;
  collection: string;
  taken: string[];
}) {
  const [error, setError] = useState<string[] | undefined>();
  const create = async (form: FormData) => {
    const slug = String(form.get('slug') ?? '')
      .trim()
      .toLowerCase();
    const problem = slugProblem(slug);
    if (problem) return setError([text.errors[problem]]);
    if (taken.includes(slug)) return setError([text.errors.slugTaken]);
    const res = await adminCall(locale, `/content/${collection}/${slug}`, {
      method: 'PUT',
      body: { content: emptyContent(), was: null },
    });
    if (!res.ok) return setError([res.status === 409 ? text.errors.slugTaken : res.message]);
    window.location.assign(localePath(locale, `/admin/content/${collection}/${slug}`));
  };
  const action = useClientAction(create);
  const name = (text.collections as Record<string, string>)[collection] ?? collection;
  return (
    <form
      action={action}
      noValidate
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm"
      aria-label={interpolate(text.newIn, { collection: name })}
    >
      <div className="min-w-64 flex-1">
        <Field id="new-entry-slug" label={text.slug} hint={text.slugHint} error={error}>
          {(a11y) => <input {...a11y} name="slug" dir="ltr" required autoComplete="off" className={inputClass} />}
        </Field>
      </div>
      <button type="submit" className="rounded-full bg-crema px-6 py-2 font-semibold text-white hover:bg-roast-500">
        {text.newEntry}
      </button>
    </form>
  );
}
