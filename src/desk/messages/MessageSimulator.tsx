import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { Button } from '#kit/Button.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

/** One WhatsApp message as the shopper sees it; its text and replies in the order's language. */
export interface SimulatorRow {
  id: number;
  ref: string;
  href: string;
  to: string;
  sent: string;
  status: string;
  /** The order's language, and its direction: the message is drawn as the shopper's phone draws it. */
  lang: string;
  dir: 'ltr' | 'rtl';
  body: string;
  replied: string | null;
  replies: { reply: string; title: string }[];
}

type Text = Dictionary['messaging']['simulator'];

/**
 * The demo's message simulator (issue 37): the outbox's WhatsApp messages, newest first, each with its quick replies.
 * A tap posts the shopper's answer to the shop's webhook, signed as Meta signs it; the page is then drawn again.
 */
export default function MessageSimulator({ locale, text, rows }: { locale: Locale; text: Text; rows: SimulatorRow[] }) {
  if (!rows.length) return <p className="rounded-xl bg-white p-6 text-center text-sm">{text.empty}</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {rows.map((row) => (
        <MessageCard key={row.id} locale={locale} text={text} row={row} />
      ))}
    </ul>
  );
}

function MessageCard({ locale, text, row }: { locale: Locale; text: Text; row: SimulatorRow }) {
  // The page draws the messages: after a tap it is drawn again (useDeskAction without a refresh).
  const action = useDeskAction({ locale, done: text.tapped });
  const id = `message-${row.id}`;
  return (
    <li className="space-y-2 rounded-xl bg-white p-4 shadow-sm" aria-labelledby={`${id}-title`} data-message={row.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="font-bold">
          <a href={row.href} className="text-crema underline">
            {row.ref}
          </a>
        </h2>
        <span className="text-sm">
          <bdi dir="ltr">{row.to}</bdi> · {row.status}
        </span>
      </div>
      <p className="text-sm">{row.sent}</p>
      <div lang={row.lang} dir={row.dir} className="space-y-2 rounded-xl bg-emerald-50 p-3 text-roast-900">
        <p className="whitespace-pre-line" data-message-body>
          {row.body}
        </p>
        {row.replies.length > 0 && (
          <div className="grid gap-2 sm:grid-cols-3">
            {row.replies.map((r) => (
              <Button
                key={r.reply}
                variant="secondary"
                size="sm"
                busy={action.busy}
                data-reply={r.reply}
                onClick={() => void action.run({ path: `/messages/${row.id}/reply`, body: { reply: r.reply } })}
              >
                {r.title}
              </Button>
            ))}
          </div>
        )}
      </div>
      {row.replied && (
        <p className="text-sm font-semibold" data-replied>
          {row.replied}
        </p>
      )}
      <Notice>{action.state.message}</Notice>
    </li>
  );
}
