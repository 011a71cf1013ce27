import { useEffect, useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { adminCall } from '#kit/admin-client.ts';
import type { ReleaseView } from '#lib/content/release-view.ts';

type Text = Dictionary['adminContent']['site'];

/**
 * A publish as it runs, in words an editor understands: its stage every second, then its outcome (and, when it did not
 * go live, what the publish said, which names what to fix). Announced to screen readers as it changes.
 */
export default function ReleaseProgress({
  locale,
  text,
  release,
  onDone,
}: {
  locale: Locale;
  text: Text;
  release: ReleaseView;
  onDone?: (release: ReleaseView) => void;
}) {
  const [current, setCurrent] = useState(release);
  useEffect(() => {
    if (current.status !== 'building') {
      onDone?.(current);
      return;
    }
    const timer = window.setTimeout(async () => {
      const res = await adminCall<ReleaseView>(locale, `/content/releases/${current.id}`);
      if (res.ok) setCurrent(res.body.data);
      else setCurrent({ ...current });
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [current]);

  const stage = (text.stages as Record<string, string>)[current.stage ?? 'queued'] ?? text.stages.queued;
  const words =
    current.status === 'building'
      ? stage
      : current.status === 'live'
        ? text.published
        : current.status === 'failed'
          ? interpolate(text.failed, { message: '' })
          : text.statuses.rolled_back;
  return (
    <div
      role="status"
      aria-live="polite"
      data-release={current.id}
      data-release-status={current.status}
      className="rounded-lg bg-roast-50 p-3 text-sm"
    >
      <p className={current.status === 'failed' ? 'font-semibold text-red-800' : 'font-semibold'}>{words}</p>
      {current.status === 'failed' && current.message && (
        <pre dir="ltr" className="mt-2 whitespace-pre-wrap break-words text-xs text-roast-900">
          {current.message}
        </pre>
      )}
    </div>
  );
}
