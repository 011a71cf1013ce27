import { useEffect, useState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import type { PublicReview } from '#lib/reviews/review-views.ts';
import type { ReviewSort } from '#lib/schemas/reviews.ts';
import { apiFetch } from '#lib/api-client.ts';
import { useMounted } from '../shared/use-mounted.ts';
import ReviewItem from './ReviewItem.tsx';
import { noteClass, quietButton, type ReviewText } from './review-text.ts';

const PER_PAGE = 5;
type Page = { data: PublicReview[]; meta: { total: number; last_page: number } };

/**
 * A product's approved reviews (issue 52), newest or most helpful first, a page at a time from
 * GET /api/products/{id}/reviews. Hydrated when it comes on screen (`client:intent="visible"`): its props are the
 * product's id and the texts, never the reviews, so the cached page carries no list to hydrate.
 */
export default function ReviewList({ productId, text, locale }: { productId: number; text: ReviewText; locale: Locale }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [reviews, setReviews] = useState<PublicReview[]>([]);
  const [page, setPage] = useState(1);
  const [last, setLast] = useState(1);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const mounted = useMounted();
  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    void apiFetch<Page>(`/products/${productId}/reviews?sort=${sort}&page=${page}&per_page=${PER_PAGE}`, {
      signal: controller.signal,
    })
      .then((answer) => {
        if (!answer.ok) return setState('failed');
        setReviews((before) => (page === 1 ? answer.body.data : [...before, ...answer.body.data]));
        setLast(answer.body.meta.last_page);
        setState('ready');
      })
      .catch(() => !controller.signal.aborted && setState('failed'));
    return () => controller.abort();
  }, [productId, sort, page]);
  return (
    <div data-review-list data-state={state}>
      <label className="text-sm font-semibold">
        {text.sortLabel}{' '}
        <select
          className="ms-2 rounded-md border border-roast-200 bg-white px-2 py-1"
          value={sort}
          disabled={!mounted}
          onChange={(e) => {
            setPage(1);
            setSort(e.target.value as ReviewSort);
          }}
        >
          <option value="newest">{text.sorts.newest}</option>
          <option value="helpful">{text.sorts.helpful}</option>
        </select>
      </label>
      <ul className="mt-2">
        {reviews.map((r) => (
          <ReviewItem key={r.id} review={r} text={text} locale={locale} />
        ))}
      </ul>
      {state === 'loading' && <p className="text-sm text-roast-700">{text.loading}</p>}
      {state === 'failed' && <p className={noteClass}>{text.failed}</p>}
      {state === 'ready' && page < last && (
        <button type="button" className={`mt-3 ${quietButton}`} onClick={() => setPage(page + 1)}>
          {text.more}
        </button>
      )}
    </div>
  );
}
