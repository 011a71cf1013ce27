import type { ReactNode } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { formatDateTime } from '#i18n/format.ts';
import { localField } from '#i18n/localized.ts';
import { interpolate, plural } from '#i18n/interpolate.ts';
import type { DeskReview } from '#lib/reviews/review-views.ts';
import { Stars } from '#islands/shared/Stars.tsx';
import { ReviewPhotos } from './ReviewPhotos.tsx';

type Text = Dictionary['reviews'];

/**
 * One review as the desk and the seller portal show it (issue 52): the product, the stars, the title and text as text
 * in their own direction, the author, the reports and the matched word, the reply beside it; `children` are the
 * screen's actions.
 */
export function ReviewCard({
  review,
  text,
  locale,
  children,
}: {
  review: DeskReview;
  text: Text;
  locale: Locale;
  children?: ReactNode;
}) {
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm" data-review={review.id} data-product={review.product.id}>
      <h2 className="text-lg font-semibold">
        <bdi>{localField(locale, review.product, 'name')}</bdi>
      </h2>
      <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-roast-700">
        <Stars rate={review.rating} label={plural(text.star, review.rating, locale)} />
        <span>
          {text.desk.author} <bdi>{review.author}</bdi> · <bdi>{formatDateTime(review.created_at, locale)}</bdi>
        </span>
        {review.status !== 'approved' && <span className="font-semibold">{text.status[review.status]}</span>}
      </div>
      {review.flagged_word && (
        <p className="mt-1 text-sm font-semibold text-red-800" data-flagged>
          {interpolate(text.desk.flagged, { word: review.flagged_word })}
        </p>
      )}
      {review.reports > 0 && (
        <div className="mt-1 text-sm text-red-800" data-reports={review.reports}>
          <p className="font-semibold">{plural(text.desk.reports, review.reports, locale)}</p>
          <ul className="list-inside list-disc">
            {review.report_reasons.map((reason, i) => (
              <li key={i} dir="auto">
                {reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {review.title && (
        <h3 className="mt-2 font-semibold" dir="auto">
          {review.title}
        </h3>
      )}
      {review.body && (
        <p className="mt-1 whitespace-pre-line" dir="auto" data-review-body>
          {review.body}
        </p>
      )}
      <ReviewPhotos photos={review.photos} photoOf={text.photoOf} />
      {review.reply && (
        <div className="mt-2 rounded-md bg-roast-50 p-3 text-sm" data-reply={review.reply.status}>
          <p className="font-semibold">
            {text.desk.reply} · {text.status[review.reply.status]}
          </p>
          <p className="whitespace-pre-line" dir="auto">
            {review.reply.body}
          </p>
          {review.reply.reason && (
            <p className="text-roast-700">{interpolate(text.rejectedBecause, { reason: review.reply.reason })}</p>
          )}
        </div>
      )}
      {children}
    </li>
  );
}
