import { interpolate } from '#i18n/interpolate.ts';
import type { ReviewPhoto } from '#lib/reviews/review-views.ts';

/**
 * A review's photos as links to the full picture (issue 52): the product page's list draws them small, the desk's
 * moderation queue larger and in a new tab (the moderator keeps their place). `photoOf`: "Photo {index}".
 */
export function ReviewPhotos({
  photos,
  photoOf,
  size,
  newTab = false,
}: {
  photos: readonly ReviewPhoto[];
  photoOf: string;
  size: 'size-24' | 'size-32';
  newTab?: boolean;
}) {
  if (!photos.length) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2" data-review-photos>
      {photos.map((photo, i) => (
        <a key={photo.url} href={photo.url} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
          <img
            src={photo.url}
            alt={interpolate(photoOf, { index: String(i + 1) })}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            className={`${size} rounded-md object-cover`}
          />
        </a>
      ))}
    </div>
  );
}
