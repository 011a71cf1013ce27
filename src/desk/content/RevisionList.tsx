import type { Dictionary } from '#i18n/en.ts';
import { formatProseDateTime } from '#i18n/format.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { Button } from '#kit/Button.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

type Text = Dictionary['adminContent'];
interface Revision {
  id: number;
  publishAt: string;
  withdrawnAt: string | null;
  live: boolean;
}

/** Every approved version of an entry, newest first; any one can be put back in the draft and published again. */
export default function RevisionList({
  locale,
  text,
  path,
  revisions,
}: {
  locale: Locale;
  text: Text;
  path: string;
  revisions: Revision[];
}) {
  const when = (iso: string) => formatProseDateTime(iso, locale);
  // The editor above is drawn from the page: after a restore the page is drawn again.
  const action = useDeskAction({ locale, done: text.restored });
  const restore = (id: number) => action.run({ path: `/content/${path}/revisions/${id}/restore` });
  return (
    <section aria-labelledby="versions-title" className="mt-6 rounded-xl bg-white p-4 shadow-sm">
      <h2 id="versions-title" className="mb-2 text-lg font-bold">
        {text.revisions}
      </h2>
      <Notice>{action.state.message}</Notice>
      <ul className="space-y-2 text-sm" data-revisions>
        {revisions.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2" data-revision={r.id}>
            <span>
              {interpolate(text.revision, { date: when(r.publishAt) })}
              {r.live ? ` · ${text.liveVersion}` : ''}
              {r.withdrawnAt ? ` · ${interpolate(text.withdrawn, { date: when(r.withdrawnAt) })}` : ''}
            </span>
            <Button variant="secondary" size="sm" busy={action.busy} onClick={() => void restore(r.id)}>
              {text.restore}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
