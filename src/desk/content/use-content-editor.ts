import { useEffect, useRef, useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { formatList, formatProseDateTime } from '#i18n/format.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import type { DeskContent } from '#lib/content/desk-content.ts';
import type { ReleaseView } from '#lib/content/release-view.ts';
import { useDeskAction } from '#kit/use-desk-action.ts';

type Text = Dictionary['adminContent'];
type Problems = Record<string, string[]>;
const SAVE_AFTER_MS = 1000;

/** A field's control id from its problem key (`ar.title` → `content-ar-title`). */
export const fieldId = (key: string) => `content-${key.replace('.', '-')}`;

/**
 * The entry being edited: every change saved as a draft a second after the editor stops typing, approval (or
 * removal) saving first, the status line, the publish problems by field, and the release a publish started.
 */
export function useContentEditor({
  locale,
  text,
  collection,
  slug,
  initial,
  updatedAt,
}: {
  locale: Locale;
  text: Text;
  collection: string;
  slug: string;
  initial: DeskContent;
  updatedAt: string | null;
}) {
  const [content, setContent] = useState(initial);
  const [status, setStatus] = useState('');
  const [release, setRelease] = useState<ReleaseView | null>(null);
  const was = useRef(updatedAt);
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
        setStatus(interpolate(text.scheduled, { date: formatProseDateTime(done.publishAt ?? new Date(), locale) }));
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
      // "Draft saved" only when nothing typed meanwhile waits for the next save (the desk journey opened a preview on
      // "saved" while the photo it had just added was still on its way, on a loaded machine).
      setStatus(edits.current === upTo ? text.saved : text.saving);
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

  return { content, status, release, problems, change, approve };
}
