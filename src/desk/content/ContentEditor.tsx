import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { BODY_OPTIONAL, type DeskContent, type DeskField } from '#lib/content/desk-content.ts';
import EntryLanguage from './EntryLanguage.tsx';
import PublishBar from './PublishBar.tsx';
import ReleaseProgress from './ReleaseProgress.tsx';
import DeskFieldControl from './DeskField.tsx';
import { fieldId, useContentEditor } from './use-content-editor.ts';

type Text = Dictionary['adminContent'];

/**
 * An entry in both languages side by side (the Arabic right to left), shared values once above them. Every change is
 * saved as a draft a second after the editor stops typing; preview opens the exact page in either language; publish
 * approves the entry (checked against the build's schema, each problem beside its field) and publishes the site, or
 * schedules it.
 */
export default function ContentEditor(props: {
  locale: Locale;
  text: Text;
  collection: string;
  slug: string;
  fields: DeskField[];
  initial: DeskContent;
  updatedAt: string | null;
}) {
  const { locale, text, collection, slug, fields } = props;
  const { content, status, release, problems, change, approve } = useContentEditor(props);

  const shared = fields.filter((f) => f.shared);
  const preview = (lang: Locale) => localePath(lang, `/admin/content/preview/${collection}/${slug}`);
  return (
    <div className="space-y-6">
      <p role="status" aria-live="polite" className="min-h-6 text-sm text-roast-700" data-save-status>
        {status}
      </p>
      {shared.length > 0 && (
        <fieldset className="grid gap-4 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
          <legend className="px-1 font-bold">{text.sharedFields}</legend>
          {shared.map((field) => (
            <DeskFieldControl
              key={field.name}
              text={text}
              field={field}
              id={fieldId(field.name)}
              dir="ltr"
              value={content.en.data[field.name] ?? ''}
              onChange={(v) => change({ en: { ...content.en, data: { ...content.en.data, [field.name]: v } }, ar: content.ar })}
              error={problems[field.name]}
            />
          ))}
        </fieldset>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        {(['en', 'ar'] as const).map((lang) => (
          <EntryLanguage
            key={lang}
            locale={locale}
            text={text}
            lang={lang}
            fields={fields.filter((f) => !f.shared)}
            value={content[lang]}
            onChange={(side) => change({ ...content, [lang]: side })}
            problems={problems}
            idOf={fieldId}
            hasBody={!BODY_OPTIONAL.has(collection)}
          />
        ))}
      </div>
      <PublishBar
        text={text}
        previewOf={preview}
        onApprove={(publishAt) => void approve(publishAt)}
        onRemove={() => void approve(null, 'remove')}
      />
      {release && <ReleaseProgress key={release.id} locale={locale} text={text.site} release={release} />}
    </div>
  );
}
