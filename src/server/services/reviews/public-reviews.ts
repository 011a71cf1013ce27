import type { ShopDb } from '../../db/index.ts';
import { toInt } from '../../db/values.ts';
import type { Locale } from '#i18n/locales.ts';
import { localField } from '#i18n/localized.ts';
import type { ReviewSort } from '#lib/schemas/reviews.ts';
import type { PublicReview } from '#lib/reviews/review-views.ts';
import { photosOf } from './review-photos.ts';

/** "Mona S.": the first name and the initial of the last, never the whole name, the e-mail or the phone. */
export const authorName = (first: string, last: string) =>
  `${first.trim()}${last.trim() ? ` ${Array.from(last.trim())[0]}.` : ''}`;

/**
 * A page of a product's approved reviews, newest or most helpful first, with the total (issue 52), each with the
 * seller's approved reply. Walks the (product_id, status, id) or (product_id, status, helpful, id) index.
 */
export async function approvedReviews(
  db: ShopDb,
  productId: number,
  { sort, page, perPage, locale }: { sort: ReviewSort; page: number; perPage: number; locale: Locale },
): Promise<{ reviews: PublicReview[]; total: number }> {
  const base = db.selectFrom('reviews as r').where('r.product_id', '=', productId).where('r.status', '=', 'approved');
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    (sort === 'helpful' ? base.orderBy('r.helpful', 'desc') : base)
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .innerJoin('sellers as s', 's.id', 'p.seller_id')
      .select([
        'r.id',
        'r.rating',
        'r.title',
        'r.body',
        'r.created_at',
        'r.helpful',
        'r.reply_body',
        'r.reply_status',
        'r.reply_at',
        'r.photos',
        'u.first_name',
        'u.last_name',
        's.name_en',
        's.name_ar',
      ])
      .orderBy('r.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return {
    total: toInt(count?.n),
    reviews: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      title: r.title,
      body: r.body,
      author: authorName(r.first_name, r.last_name),
      created_at: r.created_at,
      helpful: r.helpful,
      verified: true as const,
      // Only approved reviews are listed: a photo is public once the desk approved its review.
      photos: photosOf(r.photos),
      reply:
        r.reply_status === 'approved' && r.reply_body
          ? { body: r.reply_body, seller: localField(locale, r, 'name'), at: r.reply_at ?? r.created_at }
          : null,
    })),
  };
}
