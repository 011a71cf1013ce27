import { intlTag, type Locale } from '#i18n/locales.ts';
import { SHOP_TIME_ZONE } from '#i18n/time-zone.ts';

/** What the shop's, the desk's and the seller portal's review screens read (issue 52); the services are typed with them. */
export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/** The rating summary of a product page: average, count and how many of each star (5 → 1). */
export interface RatingSummary {
  average: number;
  count: number;
  /** Index 0 is five stars, index 4 one star. */
  distribution: [number, number, number, number, number];
}

/** A review's photo (issue 52): the image pipeline's 640 px WebP and its size; shown only once the review is approved. */
export interface ReviewPhoto {
  url: string;
  width: number;
  height: number;
}

/** An approved review as the shop shows it. */
export interface PublicReview {
  id: number;
  rating: number;
  title: string | null;
  body: string | null;
  author: string;
  created_at: string;
  helpful: number;
  verified: true;
  photos: ReviewPhoto[];
  reply: { body: string; seller: string; at: string } | null;
}

/** The shopper's own review of a product (any status), with the desk's reason when it was rejected. */
export interface OwnReview {
  id: number;
  product_id: number;
  rating: number;
  title: string | null;
  body: string | null;
  status: ReviewStatus;
  reason: string | null;
  photos: ReviewPhoto[];
  updated_at: string;
}

/** A review in the desk's queue or the seller's list, with its reply. */
export interface DeskReview {
  id: number;
  product: { id: number; name_en: string; name_ar: string; seller_id: number };
  author: string;
  rating: number;
  title: string | null;
  body: string | null;
  status: ReviewStatus;
  reason: string | null;
  flagged_word: string | null;
  reports: number;
  report_reasons: string[];
  photos: ReviewPhoto[];
  created_at: string;
  reply: { body: string; status: ReviewStatus; reason: string | null } | null;
}

/** One average of 1..5 stars to one decimal, as products.rating holds it. */
export const averageOf = (sum: number, count: number): number => (count > 0 ? Math.round((sum * 10) / count) / 10 : 0);

/** A review's day as people read it, in the shop's time zone (the islands' small date helper, as `orderDate`). */
export const reviewDate = (iso: string, locale: Locale) =>
  new Date(iso).toLocaleDateString(intlTag(locale), { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE });
