import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import type { DeskReview } from '#lib/reviews/review-views.ts';
import { ReviewCard } from './ReviewCard.tsx';
import { ReviewDecision } from './ReviewDecision.tsx';

/**
 * The desk's review queue (issue 52): written and reported reviews waiting, a matched word first, then oldest first;
 * a seller's reply waiting beside its (published) review.
 */
export default function ReviewQueue({
  locale,
  text,
  queue,
}: {
  locale: Locale;
  text: Dictionary['reviews'];
  queue: DeskReview[];
}) {
  const [items, setItems] = useState(queue);
  if (!items.length) return <p className="text-roast-700">{text.desk.empty}</p>;
  return (
    <ul className="grid gap-4" data-review-queue>
      {items.map((review) => (
        <ReviewCard key={review.id} review={review} text={text} locale={locale}>
          {review.status === 'pending' && (
            <ReviewDecision review={review} part="review" text={text} locale={locale} onQueue={setItems} />
          )}
          {review.reply?.status === 'pending' && (
            <ReviewDecision review={review} part="reply" text={text} locale={locale} onQueue={setItems} />
          )}
        </ReviewCard>
      ))}
    </ul>
  );
}
