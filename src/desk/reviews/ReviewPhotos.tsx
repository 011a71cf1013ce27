import { interpolate } from '#i18n/interpolate.ts';
import type { ReviewPhoto } from '#lib/reviews/review-views.ts';

/**
 * A review's photos in the desk's moderation queue (issue 52), as links that open the full picture in a new tab (the
 * moderator keeps their place). `photoOf`: "Photo {index}". The product page draws its own smaller ones in ReviewItem
 * (a component shared with the shop would be a chunk of its own on the product page, past its budget).
 */
export function ReviewPhotos({ photos, photoOf }: { photos: readonly ReviewPhoto[]; photoOf: string }) {
  if (!photos.length) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2" data-review-photos>
      {photos.map((photo, i) => (
        <a key={photo.url} href={photo.url} target="_blank" rel="noopener">
          <img
            src={photo.url}
            alt={interpolate(photoOf, { index: String(i + 1) })}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            className="size-32 rounded-md object-cover"
          />
        </a>
      ))}
    </div>
  );
}
