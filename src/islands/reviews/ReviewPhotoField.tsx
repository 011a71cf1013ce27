import { interpolate } from '#i18n/interpolate.ts';
import type { ReviewPhoto } from '#lib/reviews/review-views.ts';
import { quietButton, type ReviewText } from './review-text.ts';

/**
 * The rating form's photos (issue 52): the review's own, each with its Remove (an edit keeping the others), and the
 * file field for up to three more, sent after the rating through the image pipeline. A plain field, not the kit's:
 * the product page's JS budget.
 */
export default function ReviewPhotoField({
  photos,
  text,
  busy,
  inputKey,
  onRemove,
  onFiles,
}: {
  photos: ReviewPhoto[];
  text: ReviewText;
  busy: boolean;
  /** Changes when the review is saved, so the field starts empty again. */
  inputKey: string | undefined;
  onRemove: (keep: string[]) => void;
  onFiles: (files: File[]) => void;
}) {
  return (
    <>
      {photos.map((photo, i) => (
        <span key={photo.url} className="flex items-center gap-2" data-own-photo>
          <img src={photo.url} alt="" width={64} height={64} className="size-16 rounded-md object-cover" />
          <button
            type="button"
            className={quietButton}
            disabled={busy}
            onClick={() => onRemove(photos.filter((p) => p !== photo).map((p) => p.url))}
          >
            {interpolate(text.removePhoto, { index: String(i + 1) })}
          </button>
        </span>
      ))}
      <label className="text-sm font-semibold">
        {text.photos}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple
          key={inputKey}
          className="mt-1 block w-full rounded-md border border-roast-200 bg-white px-3 py-2 font-normal"
          onChange={(e) => onFiles([...(e.target.files ?? [])])}
          data-review-photos
        />
      </label>
    </>
  );
}
