import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { formatDateTime } from '#i18n/format.ts';
import { localField } from '#i18n/localized.ts';
import { Button } from '#kit/Button.tsx';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import { Field, inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { photosOf, wordValue } from './moderation-diff.ts';
import type { FieldDifference, QueueItem } from './moderation-views.ts';

type Text = Dictionary['deskModeration'];

/** One waiting change: what the shop shows now → what the seller proposes, field by field, then approve or reject. */
function Change({
  item,
  text,
  locale,
  onQueue,
}: {
  item: QueueItem;
  text: Text;
  locale: Locale;
  onQueue: (q: QueueItem[]) => void;
}) {
  const [reason, setReason] = useState('');
  const action = useDeskAction<QueueItem[]>({ locale, refresh: onQueue });
  const value = (d: FieldDifference, v: unknown) => (
    <span className="block">
      <bdi className="whitespace-pre-line">{wordValue(d, v, text, locale)}</bdi>
      {d.field === 'images' &&
        photosOf(v).map((url) => (
          <img key={url} src={url} alt="" className="me-1 mt-1 inline-block size-12 rounded object-cover" />
        ))}
    </span>
  );
  const all: DeskColumn<FieldDifference>[] = [
    { id: 'field', label: text.columns.field, header: text.columns.field, cell: ({ row }) => text.fields[row.original.field] },
    { id: 'before', label: text.before, header: text.before, cell: ({ row }) => value(row.original, row.original.before) },
    { id: 'after', label: text.after, header: text.after, cell: ({ row }) => value(row.original, row.original.after) },
  ];
  // A new product has nothing in the shop yet: only what is proposed.
  const columns = item.kind === 'create' ? all.filter((c) => c.id !== 'before') : all;
  const name = localField(locale, item.product, 'name');
  const seller = localField(locale, item.seller, 'name');
  const reasonError = action.state.errors['reason'];
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm" data-change={item.id} data-product={item.product.id}>
      <h2 className="text-lg font-semibold">
        <bdi>{name}</bdi>{' '}
        <span className="text-sm font-normal text-roast-700">
          (<bdi dir="ltr">{item.product.sku}</bdi>)
        </span>
      </h2>
      <p className="mb-3 text-sm text-roast-700">
        {text.kinds[item.kind]} · {text.columns.seller}: <bdi>{seller}</bdi> · {text.columns.submitted}:{' '}
        <bdi>{formatDateTime(item.submitted_at, locale)}</bdi>
      </p>
      <DataTable
        caption={`${text.columns.difference}: ${name}`}
        columns={columns}
        rows={item.differences}
        rowId={(d) => d.field}
        empty=""
      />
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <Button
          busy={action.busy}
          onClick={() => void action.run({ path: `/moderation/${item.id}/approve`, done: text.approved })}
        >
          {text.approve}
        </Button>
        <div className="min-w-0 flex-1 basis-56">
          <Field id={`reason-${item.id}`} label={text.reason} error={reasonError}>
            {(a11y) => <input {...a11y} className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
        </div>
        <Button
          variant="secondary"
          busy={action.busy}
          onClick={() => void action.run({ path: `/moderation/${item.id}/reject`, body: { reason }, done: text.rejected })}
        >
          {text.reject}
        </Button>
      </div>
      {!reasonError && <Notice className="mt-2">{action.state.message}</Notice>}
    </li>
  );
}

/** The desk's moderation queue (issue 40): every seller change waiting, oldest first. */
export default function ModerationQueue({ locale, text, queue }: { locale: Locale; text: Text; queue: QueueItem[] }) {
  const [items, setItems] = useState(queue);
  if (!items.length) return <p className="text-roast-700">{text.empty}</p>;
  return (
    <ul className="grid gap-4" data-moderation-queue>
      {items.map((item) => (
        <Change key={item.id} item={item} text={text} locale={locale} onQueue={setItems} />
      ))}
    </ul>
  );
}
