import { useState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { localePath } from '../../../i18n/routes.ts';

/** One signed-in session as the account page shows it (times already formatted for the reader). */
export interface SessionRow {
  id: string;
  current: boolean;
  device: string;
  address: string;
  started: string;
  lastUsed: string;
}

/** /admin/account: where the member is signed in; any session can be ended (this one signs them out). */
export default function SessionList({
  locale,
  text,
  initial,
}: {
  locale: Locale;
  text: Dictionary['adminAccount']['sessions'];
  initial: SessionRow[];
}) {
  const [rows, setRows] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const end = async (row: SessionRow) => {
    setBusy(row.id);
    const res = await adminCall<{ current: boolean }>(locale, `/account/sessions/${encodeURIComponent(row.id)}`, {
      method: 'DELETE',
    });
    setBusy(null);
    if (!res.ok) return showToast(res.message, 'error');
    if (res.body.data.current) return window.location.assign(localePath(locale, '/admin/login'));
    setRows((all) => all.filter((r) => r.id !== row.id));
    showToast(text.ended);
  };
  return (
    <ul className="space-y-3" data-testid="staff-sessions">
      {rows.map((row) => (
        <li key={row.id} className="rounded-lg border border-roast-200 bg-white p-4">
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">{text.device}</dt>
            <dd className="break-words" dir="ltr">
              <span dir="auto">{row.device}</span>
            </dd>
            <dt className="font-semibold">{text.address}</dt>
            <dd dir="ltr" className="text-start">
              <span dir="auto">{row.address}</span>
            </dd>
            <dt className="font-semibold">{text.started}</dt>
            <dd>{row.started}</dd>
            <dt className="font-semibold">{text.lastUsed}</dt>
            <dd>{row.lastUsed}</dd>
          </dl>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {row.current && <span className="rounded-full bg-leaf/10 px-3 py-1 text-sm font-semibold">{text.current}</span>}
            <button
              type="button"
              disabled={busy === row.id}
              aria-label={interpolate(text.endLabel, { device: row.current ? text.current : row.device })}
              onClick={() => void end(row)}
              className="rounded-full border border-roast-300 px-4 py-2 text-sm font-semibold hover:bg-roast-50 disabled:opacity-60"
            >
              {text.end}
            </button>
          </div>
        </li>
      ))}
      {rows.length === 1 && <li className="text-sm text-roast-700">{text.empty}</li>}
    </ul>
  );
}
