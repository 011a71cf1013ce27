import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { DeskReview } from '#lib/reviews/review-views.ts';
import { ReviewCard } from '#desk/reviews/ReviewCard.tsx';
import { SubmitButton } from '#kit/Button.tsx';
import { Field, inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

type Text = Dictionary['reviews'];

/** The reply form under a review without a reply (or whose reply the desk rejected). */
function ReplyForm({
  review,
  text,
  locale,
  onList,
}: {
  review: DeskReview;
  text: Text;
  locale: Locale;
  onList: (l: DeskReview[]) => void;
}) {
  const [body, setBody] = useState('');
  const action = useDeskAction<DeskReview[]>({ locale, side: 'seller', done: text.seller.replySent, refresh: onList });
  return (
    <form
      className="mt-3 grid gap-2"
      onSubmit={action.onSubmit(() => action.run({ path: `/reviews/${review.id}/reply`, body: { body } }))}
    >
      <Field id={`reply-${review.id}`} label={text.seller.reply} error={action.state.errors['body']}>
        {(a11y) => (
          <textarea
            {...a11y}
            dir="auto"
            rows={3}
            maxLength={1000}
            className={inputClass}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        )}
      </Field>
      <div>
        <SubmitButton busy={action.busy}>{text.seller.sendReply}</SubmitButton>
      </div>
      {!action.state.errors['body'] && <Notice>{action.state.message}</Notice>}
    </form>
  );
}

/** The seller's products' published reviews and its one reply per review (issue 52), checked by the desk first. */
export default function SellerReviews({ locale, text, reviews }: { locale: Locale; text: Text; reviews: DeskReview[] }) {
  const [list, setList] = useState(reviews);
  if (!list.length) return <p className="text-roast-700">{text.seller.empty}</p>;
  return (
    <ul className="grid gap-4" data-seller-reviews>
      {list.map((review) => (
        <ReviewCard key={review.id} review={review} text={text} locale={locale}>
          {review.reply && (
            <p className="mt-2 text-sm" data-reply-status={review.reply.status}>
              {interpolate(text.seller.replyStatus, { status: text.status[review.reply.status] })}
            </p>
          )}
          {(!review.reply || review.reply.status === 'rejected') && (
            <ReplyForm review={review} text={text} locale={locale} onList={setList} />
          )}
        </ReviewCard>
      ))}
    </ul>
  );
}
