import { useState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { interpolateIsolated } from '#i18n/interpolate.ts';
import { Button } from '#kit/Button.tsx';
import { useConfirm } from '#kit/Dialog.tsx';
import { apiFetch } from '#lib/api-client.ts';
import { sellerMayAct, type PartStatus } from '#lib/orders/part-status.ts';
import { showToast, showToastAfterNavigation } from '#lib/toast-event.ts';

interface Texts {
  accept: string;
  ready: string;
  outOfStock: string;
  outOfStockConfirm: string;
  accepted: string;
  readied: string;
  lineCancelled: string;
  keep: string;
}

/**
 * A seller's actions on its part (issue 40 item 4): accept, ready for pickup, a line out of stock (asked first: it
 * cannot be undone). The page is drawn again after each, with the toast carried across; a refusal is shown as sent.
 */
export default function PartActions({
  locale,
  partId,
  status,
  lines,
  texts,
}: {
  locale: Locale;
  partId: number;
  status: PartStatus;
  lines: { id: number; name: string }[];
  texts: Texts;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const { ask, dialog } = useConfirm();
  const call = async (key: string, path: string, done: string) => {
    setBusy(key);
    const res = await apiFetch(`/seller/parts/${partId}${path}`, { locale, method: 'POST' });
    if (res.ok) {
      showToastAfterNavigation(done);
      window.location.reload();
      return;
    }
    setBusy(null);
    showToast(res.problem?.message ?? '', 'error');
  };
  const cancelLine = async (line: { id: number; name: string }) => {
    const question = interpolateIsolated(texts.outOfStockConfirm, { name: line.name });
    if (await ask({ title: texts.outOfStock, text: question, confirm: texts.outOfStock, keep: texts.keep }))
      await call(`line-${line.id}`, `/lines/${line.id}/cancel`, texts.lineCancelled);
  };
  const open = sellerMayAct(status);
  return (
    <div className="flex flex-col gap-3" data-testid="part-actions">
      <div className="flex flex-wrap gap-2">
        {status === 'new' && (
          <Button busy={busy === 'accept'} onClick={() => void call('accept', '/accept', texts.accepted)}>
            {texts.accept}
          </Button>
        )}
        {status === 'accepted' && (
          <Button busy={busy === 'ready'} onClick={() => void call('ready', '/ready', texts.readied)}>
            {texts.ready}
          </Button>
        )}
      </div>
      {open &&
        lines.map((line) => (
          <Button
            key={line.id}
            variant="secondary"
            size="sm"
            busy={busy === `line-${line.id}`}
            aria-label={`${texts.outOfStock}: ${line.name}`}
            onClick={() => void cancelLine(line)}
          >
            {texts.outOfStock}: <bdi>{line.name}</bdi>
          </Button>
        ))}
      {dialog}
    </div>
  );
}
