import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { formatDateTime } from '#i18n/format.ts';
import { interpolateIsolated, plural } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { adminCall } from '#kit/admin-client.ts';
import type { ReleaseView } from '#lib/content/release-view.ts';
import { Button } from '#kit/Button.tsx';
import { useConfirm } from '#kit/Dialog.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import ReleaseProgress from './ReleaseProgress.tsx';

type Text = Dictionary['adminContent']['site'];

/**
 * Publishing the whole site from the desk: publish (what is approved and due), follow it, roll back the last publish;
 * the recent publishes with their outcome.
 */
export default function PublishPanel({ locale, text, releases }: { locale: Locale; text: Text; releases: ReleaseView[] }) {
  const [list, setList] = useState(releases);
  const [running, setRunning] = useState<ReleaseView | null>(releases.find((r) => r.status === 'building') ?? null);
  const { ask, dialog } = useConfirm();
  const refresh = async () => {
    const res = await adminCall<ReleaseView[]>(locale, '/content/releases');
    if (res.ok) setList(res.body.data);
  };
  // A publish answers its release, which the panel then follows; a rollback is followed by the list read again.
  const publishing = useDeskAction<ReleaseView>({ locale, refresh: setRunning });
  const rollingBack = useDeskAction<ReleaseView | null>({ locale, done: text.rolledBack, refresh });
  const busy = rollingBack.busy;
  const publish = () => publishing.run({ path: '/content/publish' });
  const rollBack = async () => {
    const yes = await ask({ title: text.rollBack, text: text.confirmRollBack, confirm: text.rollBack, keep: text.keep });
    if (yes) await rollingBack.run({ path: '/content/rollback' });
  };

  return (
    <section aria-labelledby="publishing-title" className="space-y-4 rounded-xl bg-white p-4 shadow-sm">
      <h2 id="publishing-title" className="text-lg font-bold">
        {text.title}
      </h2>
      <p className="text-sm text-roast-700">{text.intro}</p>
      <div className="flex flex-wrap gap-3">
        <Button disabled={Boolean(running) || busy || publishing.busy} onClick={() => void publish()}>
          {text.publish}
        </Button>
        <Button
          variant="secondary"
          disabled={Boolean(running) || busy || publishing.busy}
          busy={busy}
          busyLabel={text.stages.rollingBack}
          onClick={() => void rollBack()}
        >
          {text.rollBack}
        </Button>
      </div>
      <Notice>{publishing.state.message || rollingBack.state.message}</Notice>
      {running && (
        <ReleaseProgress
          key={running.id}
          locale={locale}
          text={text}
          release={running}
          onDone={() => void refresh().then(() => setRunning(null))}
        />
      )}
      <h3 className="font-semibold">{text.history}</h3>
      {list.length ? (
        <ul className="space-y-1 text-sm" data-releases>
          {list.map((r) => (
            <li key={r.id} data-release-row={r.id} className="flex flex-wrap justify-between gap-x-4">
              <span>{interpolateIsolated(text.release, { id: r.id, date: formatDateTime(r.startedAt, locale) })}</span>
              <span>
                {text.statuses[r.status]} · {plural(text.entries, r.entries, locale)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-roast-700">{text.none}</p>
      )}
      {dialog}
    </section>
  );
}
