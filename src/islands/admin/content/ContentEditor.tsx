import { useEffect, useRef, useState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { formatDateTime, formatList } from '../../../i18n/format.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { localePath } from '../../../i18n/routes.ts';
import { BODY_OPTIONAL, type DeskContent, type DeskField } from '../../../lib/content/desk-content.ts';
import type { ReleaseView } from '../../../lib/content/release-view.ts';
import { useDeskAction } from '../../kit/use-desk-action.ts';
import EntryLanguage from './EntryLanguage.tsx';
import PublishBar from './PublishBar.tsx';
import ReleaseProgress from './ReleaseProgress.tsx';
import DeskFieldControl from './DeskField.tsx';

type Text = Dictionary['adminContent'];
type Problems = Record<string, string[]>;
const SAVE_AFTER_MS = 1000;

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
  const [content, setContent] = useState(props.initial);
  const [status, setStatus] = useState('');
  const [release, setRelease] = useState<ReleaseView | null>(null);
  const was = useRef(props.updatedAt);
  // Edits counted, and how many of them the server has: a save that finds nothing new does nothing, so the timer
  // of the last keystroke cannot replace a refusal (publish saves first) with "Draft saved", and an edit made while
  // a save is on its way is saved next, not taken as saved.
  const edits = useRef(0);
  const savedEdits = useRef(0);
  const latest = useRef(content);
  const saving = useRef<Promise<boolean>>(Promise.resolve(true));
  const scheduling = useRef(false);
  // Both writes go through useDeskAction; the island shows what they answer in its status line (a draft that saves
  // itself every second would make a toast a nuisance).
  const draft = useDeskAction<{ updatedAt: string }>({
    locale,
    refresh: (saved) => void (was.current = saved.updatedAt),
    refused: (problem) => setStatus(interpolate(text.saveFailed, { reason: problem.message })),
  });
  const approval = useDeskAction<{ publishAt?: string; release: ReleaseView | null; waiting: boolean }>({
    locale,
    refresh: (done) => {
      if (scheduling.current)
        setStatus(interpolate(text.scheduled, { date: formatDateTime(done.publishAt ?? new Date(), locale) }));
      if (done.waiting) setStatus(text.waiting);
      setRelease(done.release);
    },
    refused: (problem) => {
      const keys = Object.keys(problem.errors);
      const named = keys.map((key) => document.querySelector(`label[for="${fieldId(key)}"]`)?.textContent ?? key);
      setStatus(
        named.length
          ? `${problem.message} ${interpolate(text.problemsIn, { fields: formatList(named, locale) })}`
          : problem.message,
      );
      document.getElementById(fieldId(keys[0] ?? ''))?.focus();
    },
  });
  const problems: Problems = approval.state.errors;

  const save = () =>
    (saving.current = saving.current.then(async () => {
      const upTo = edits.current;
      if (upTo === savedEdits.current) return true;
      setStatus(text.saving);
      const body = { content: latest.current, was: was.current };
      if (!(await draft.run({ path: `/content/${collection}/${slug}`, method: 'PUT', body }))) return false;
      savedEdits.current = upTo;
      setStatus(text.saved);
      return true;
    }));
  useEffect(() => {
    if (edits.current === savedEdits.current) return;
    const timer = window.setTimeout(() => void save(), SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [content]);

  const change = (next: DeskContent) => {
    edits.current += 1;
    latest.current = next;
    setContent(next);
  };
  const approve = async (publishAt: string | null, step: 'approve' | 'remove' = 'approve') => {
    if (!(await save())) return;
    scheduling.current = Boolean(publishAt);
    await approval.run({
      path: `/content/${collection}/${slug}/${step}`,
      body: step === 'remove' ? { content, publish: true } : { publishAt, publish: !publishAt },
    });
  };

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

/** A field's control id from its problem key (`ar.title` → `content-ar-title`). */
const fieldId = (key: string) => `content-${key.replace('.', '-')}`;
