import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import type { Side } from '#kit/admin-client.ts';
import { interpolate } from '#i18n/interpolate.ts';
import { localePath } from '#i18n/routes.ts';
import { Button } from '#kit/Button.tsx';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

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
  side = 'admin',
  text,
  initial,
}: {
  locale: Locale;
  /** The seller portal's account page (/seller/account, issue 50) draws it too, writing to /api/seller. */
  side?: Side;
  text: Dictionary['adminAccount']['sessions'];
  initial: SessionRow[];
}) {
  const [rows, setRows] = useState(initial);
  const [ending, setEnding] = useState<string | null>(null);
  // Ending this browser's own session signs the member out; another one leaves the list.
  const ended = useDeskAction<{ current: boolean }>({
    locale,
    side,
    done: text.ended,
    refresh: (data) => {
      if (data.current) window.location.assign(localePath(locale, `/${side}/login`));
    },
  });
  const end = async (row: SessionRow) => {
    setEnding(row.id);
    const res = await ended.run({ path: `/account/sessions/${encodeURIComponent(row.id)}`, method: 'DELETE' });
    if (res && !res.data.current) setRows((all) => all.filter((r) => r.id !== row.id));
  };
  return (
    <>
      <FormMessage state={ended.state} />
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
              <Button
                variant="secondary"
                size="sm"
                busy={ended.busy && ending === row.id}
                aria-label={interpolate(text.endLabel, { device: row.current ? text.current : row.device })}
                onClick={() => void end(row)}
              >
                {text.end}
              </Button>
            </div>
          </li>
        ))}
        {rows.length === 1 && <li className="text-sm text-roast-700">{text.empty}</li>}
      </ul>
    </>
  );
}
