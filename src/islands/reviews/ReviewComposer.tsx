import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '#i18n/locales.ts';
import { interpolate, plural } from '#i18n/interpolate.ts';
import type { OwnReview } from '#lib/reviews/review-views.ts';
import { shopperFetch } from '#lib/api-client.ts';
import { $session } from '#stores/session.ts';
import { mainButton, noteClass, quietButton, type ReviewText } from './review-text.ts';
import ReviewPhotoField from './ReviewPhotoField.tsx';

type Eligibility = { eligible: boolean; review: OwnReview | null };
const STARS = ['5', '4', '3', '2', '1'] as const;
const field = 'mt-1 block w-full rounded-md border border-roast-200 bg-white px-3 py-2 font-normal';

/** New photos for the review, after its rating (multipart `file` parts). */
function sendPhotos(productId: number, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  return shopperFetch<{ data: OwnReview; message?: string }>(`/products/${productId}/review/photos`, {
    method: 'POST',
    body: form,
  });
}

/**
 * The rating form of a product page (issue 52), for a signed-in shopper who received the product (the order history's
 * "Rate this product" lands here, `#rate`): 1–5 stars, an optional title and text, their own review's state (waiting,
 * published, or not published with the desk's reason), edit and delete. Nothing for guests and other shoppers.
 */
export default function ReviewComposer({ productId, text, locale }: { productId: number; text: ReviewText; locale: Locale }) {
  const session = useStore($session);
  const [state, setState] = useState<Eligibility | null>(null);
  const [rating, setRating] = useState<string>('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'info' | 'error' } | null>(null);
  const show = (own: OwnReview | null) => {
    setRating(own ? String(own.rating) : '');
    setTitle(own?.title ?? '');
    setBody(own?.body ?? '');
  };
  useEffect(() => {
    if (session.status !== 'user') return;
    void shopperFetch<{ data: Eligibility }>(`/products/${productId}/review`).then((answer) => {
      if (!answer?.ok) return;
      setState(answer.body.data);
      show(answer.body.data.review);
    });
  }, [session.status, productId]);
  if (!state || (!state.eligible && !state.review)) return null;
  const own = state.review;
  // `keep`: the photos' URLs to keep (a photo's Remove); new photos go up after the rating, through the image pipeline.
  const send = async (method: 'PUT' | 'DELETE', keep?: string[]) => {
    if (method === 'PUT' && !rating) return setMessage({ text: text.chooseRating, tone: 'error' });
    setBusy(true);
    let answer = await shopperFetch<{ data: OwnReview; message?: string }>(`/products/${productId}/review`, {
      method,
      ...(method === 'PUT' ? { body: { rating: Number(rating), title, body, photos: keep } } : {}),
    });
    if (answer?.ok && method === 'PUT' && !keep && files.length) {
      const saved = answer.body.data;
      answer = await sendPhotos(productId, files);
      if (!answer?.ok) setState({ ...state, review: saved }); // saved: the form shows it with the photo's refusal
      setFiles([]);
    }
    setBusy(false);
    if (!answer?.ok) return setMessage({ text: answer?.problem?.message || text.failed, tone: 'error' });
    const next = method === 'PUT' ? answer.body.data : null;
    setState({ ...state, review: next });
    if (!next) show(null);
    setMessage({ text: method === 'PUT' ? (answer.body.message ?? text.saved) : text.removed, tone: 'info' });
  };
  return (
    <form
      className="grid max-w-xl gap-3 rounded-xl border border-roast-100 bg-white p-4"
      data-review-form
      onSubmit={(e) => {
        e.preventDefault();
        void send('PUT');
      }}
    >
      <h3 className="text-lg font-bold">{text.rateThis}</h3>
      {own && (
        <p className="text-sm" data-own-status={own.status}>
          {text.statusLabel}:{' '}
          {own.status === 'rejected' && own.reason
            ? interpolate(text.rejectedBecause, { reason: own.reason })
            : text.status[own.status]}
        </p>
      )}
      {/* Plain controls, not the kit's fields: the product page's JS budget (issue 52). */}
      <fieldset>
        <legend className="text-sm font-semibold">{text.yourRating}</legend>
        {STARS.map((n) => (
          <label key={n} className="me-4 inline-flex items-center gap-2">
            <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
            {plural(text.star, Number(n), locale)}
          </label>
        ))}
      </fieldset>
      <label className="text-sm font-semibold">
        {text.reviewTitle}
        <input dir="auto" className={field} maxLength={120} value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className="text-sm font-semibold">
        {text.reviewBody}
        <textarea
          dir="auto"
          rows={4}
          className={field}
          maxLength={2000}
          aria-describedby="review-hint"
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      <p id="review-hint" className="-mt-2 text-xs text-roast-700">
        {text.reviewHint}
      </p>
      <ReviewPhotoField
        photos={own?.photos ?? []}
        text={text}
        busy={busy}
        inputKey={own?.updated_at}
        onRemove={(keep) => void send('PUT', keep)}
        onFiles={setFiles}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={mainButton} disabled={busy}>
          {own ? text.update : text.submit}
        </button>
        {own && (
          <button type="button" className={quietButton} disabled={busy} onClick={() => void send('DELETE')}>
            {text.remove}
          </button>
        )}
      </div>
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`${noteClass}${message.tone === 'error' ? ' text-red-800' : ''}`}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
