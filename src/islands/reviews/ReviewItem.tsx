import { useState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { interpolate, plural } from '#i18n/interpolate.ts';
import { reviewDate, type PublicReview } from '#lib/reviews/review-views.ts';
import { shopperFetch } from '#lib/api-client.ts';
import { noteClass, quietButton, starText, type ReviewText } from './review-text.ts';

/**
 * One approved review (issue 52): its stars, "Verified purchase", the title and text as text in their own direction
 * (`dir="auto"`: an Arabic review on the English page reads right to left), the seller's reply, "Helpful" and
 * "Report" for a signed-in shopper.
 */
export default function ReviewItem({ review, text, locale }: { review: PublicReview; text: ReviewText; locale: Locale }) {
  const [helpful, setHelpful] = useState(review.helpful);
  const [note, setNote] = useState('');
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const call = async (path: string, body?: unknown) => {
    setBusy(true);
    const answer = await shopperFetch<{ data: { helpful?: number }; message?: string }>(path, { method: 'POST', body });
    setBusy(false);
    if (!answer) return (setNote(text.signInToVote), null);
    setNote(answer.ok ? (answer.body.message ?? text.thanksHelpful) : (answer.problem?.message ?? text.failed));
    return answer.ok ? answer.body.data : null;
  };
  return (
    <li className="border-b border-roast-100 py-4" data-review={review.id}>
      <div className="flex flex-wrap items-center gap-2">
        <span role="img" aria-label={plural(text.star, review.rating, locale)} className="text-amber-500" data-stars>
          {starText(review.rating)}
        </span>
        <span className="text-xs font-semibold text-leaf" data-verified>
          {text.verified}
        </span>
      </div>
      {review.title && (
        <h3 className="mt-1 font-semibold" dir="auto">
          {review.title}
        </h3>
      )}
      {review.body && (
        <p className="mt-1 whitespace-pre-line leading-7" dir="auto" data-review-body>
          {review.body}
        </p>
      )}
      {review.photos.length > 0 && (
        // Drawn here rather than with the desk's queue through a shared component: a module two islands share
        // becomes a chunk of its own, and that chunk (0.36 KB) took the product page past its budget.
        <div className="mt-2 flex flex-wrap gap-2" data-review-photos>
          {review.photos.map((photo, i) => (
            <a key={photo.url} href={photo.url}>
              <img
                src={photo.url}
                alt={interpolate(text.photoOf, { index: String(i + 1) })}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="size-24 rounded-md object-cover"
              />
            </a>
          ))}
        </div>
      )}
      <p className="mt-1 text-xs text-roast-700">
        <bdi>{review.author}</bdi> · <bdi>{reviewDate(review.created_at, locale)}</bdi>
      </p>
      {review.reply && (
        <div className="mt-2 rounded-md bg-roast-50 p-3 text-sm" data-seller-reply>
          <p className="font-semibold">{interpolate(text.sellerReply, { seller: review.reply.seller })}</p>
          <p className="whitespace-pre-line" dir="auto">
            {review.reply.body}
          </p>
        </div>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        {helpful > 0 && <span data-helpful-count>{plural(text.helpfulCount, helpful, locale)}</span>}
        <button
          type="button"
          className={quietButton}
          disabled={busy}
          onClick={async () => {
            const data = await call(`/reviews/${review.id}/helpful`);
            if (data?.helpful !== undefined) setHelpful(data.helpful);
          }}
        >
          {text.helpful}
        </button>
        <button type="button" className={quietButton} onClick={() => setReporting(!reporting)} aria-expanded={reporting}>
          {text.report}
        </button>
      </div>
      {reporting && (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            if (await call(`/reviews/${review.id}/report`, { reason })) setReporting(false);
          }}
        >
          {/* A plain field, not the kit's: the product page's JS budget (issue 52). */}
          <label className="min-w-0 flex-1 basis-56 text-sm font-semibold">
            {text.reportReason}
            <input
              className="mt-1 block w-full rounded-md border border-roast-200 bg-white px-3 py-2 font-normal"
              value={reason}
              required
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <button type="submit" className={quietButton} disabled={busy}>
            {text.sendReport}
          </button>
        </form>
      )}
      {note && (
        <p role="status" className={`mt-2 ${noteClass}`}>
          {note}
        </p>
      )}
    </li>
  );
}
