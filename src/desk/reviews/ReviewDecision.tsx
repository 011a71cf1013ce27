import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import type { DeskReview } from '#lib/reviews/review-views.ts';
import { Button } from '#kit/Button.tsx';
import { Field, inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

type Text = Dictionary['reviews'];

/** Approve, or reject with a reason the author reads: of a review (`part` review) or of its seller's reply. */
export function ReviewDecision({
  review,
  part,
  text,
  locale,
  onQueue,
}: {
  review: DeskReview;
  part: 'review' | 'reply';
  text: Text;
  locale: Locale;
  onQueue: (queue: DeskReview[]) => void;
}) {
  const [reason, setReason] = useState('');
  const action = useDeskAction<DeskReview[]>({ locale, refresh: onQueue });
  const base = part === 'review' ? `/reviews/${review.id}` : `/reviews/${review.id}/reply`;
  const reasonError = action.state.errors['reason'];
  return (
    <div className="mt-3" data-decision={part}>
      <div className="flex flex-wrap items-end gap-2">
        <Button busy={action.busy} onClick={() => void action.run({ path: `${base}/approve`, done: text.desk.approved })}>
          {part === 'review' ? text.desk.approve : text.desk.approveReply}
        </Button>
        <div className="min-w-0 flex-1 basis-56">
          <Field id={`reason-${part}-${review.id}`} label={text.desk.reason} error={reasonError}>
            {(a11y) => <input {...a11y} className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
        </div>
        <Button
          variant="secondary"
          busy={action.busy}
          onClick={() => void action.run({ path: `${base}/reject`, body: { reason }, done: text.desk.rejected })}
        >
          {part === 'review' ? text.desk.reject : text.desk.rejectReply}
        </Button>
      </div>
      {!reasonError && <Notice className="mt-2">{action.state.message}</Notice>}
    </div>
  );
}
