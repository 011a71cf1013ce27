import { useRef, useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { emptyContent, slugProblem } from '#lib/content/desk-content.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { Field, inputClass } from '#kit/Field.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

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
  const slugSent = useRef('');
  const [refused, setRefused] = useState('');
  // The new entry opens in its editor; a refusal lands on the address (a taken one is 409).
  const action = useDeskAction({
    locale,
    refresh: () => window.location.assign(localePath(locale, `/admin/content/${collection}/${slugSent.current}`)),
    refused: (problem) => setRefused(problem.code === 'adminContent.slugTaken' ? text.errors.slugTaken : problem.message),
  });
  const error = action.state.errors['slug'] ?? (refused && action.state.message ? [refused] : undefined);
  const create = async (form: FormData) => {
    const slug = String(form.get('slug') ?? '')
      .trim()
      .toLowerCase();
    const problem = slugProblem(slug);
    if (problem) return action.refuse({ slug: [text.errors[problem]] });
    if (taken.includes(slug)) return action.refuse({ slug: [text.errors.slugTaken] });
    slugSent.current = slug;
    await action.run({
      path: `/content/${collection}/${slug}`,
      method: 'PUT',
      body: { content: emptyContent(), was: null },
    });
  };
  const name = (text.collections as Record<string, string>)[collection] ?? collection;
  return (
    <form
      onSubmit={action.onSubmit(create)}
      noValidate
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm"
      aria-label={interpolate(text.newIn, { collection: name })}
    >
      <div className="min-w-64 flex-1">
        <Field id="new-entry-slug" label={text.slug} hint={text.slugHint} error={error}>
          {(a11y) => <input {...a11y} name="slug" dir="ltr" required autoComplete="off" className={inputClass} />}
        </Field>
      </div>
      <SubmitButton busy={action.busy}>{text.newEntry}</SubmitButton>
    </form>
  );
}
