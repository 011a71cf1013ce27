import type { Dictionary } from '#i18n/en.ts';

/** The shop's review texts (the dictionary's `reviews` without the desk's and the seller portal's parts). */
export type ReviewText = Omit<Dictionary['reviews'], 'desk' | 'seller' | 'errors'>;

export const shopReviewText = ({ desk: _d, seller: _s, errors: _e, ...rest }: Dictionary['reviews']): ReviewText => rest;

/**
 * The review islands' buttons and note, drawn without the kit's Button (which brings react-dom's form status) and
 * Notice: the product page's JS budget (issue 52; scripts/size-budgets.mjs). Never the primary look (that is the kit's).
 */
export const quietButton =
  'rounded-full border border-roast-200 bg-white px-4 py-1 text-sm font-semibold text-roast-900 hover:bg-roast-50 disabled:opacity-60';
export const mainButton = 'rounded-full bg-roast-900 px-5 py-2 font-semibold text-white hover:bg-roast-700 disabled:opacity-60';
export const noteClass = 'rounded-md bg-roast-50 px-3 py-2 text-sm';

/** Read-only stars as text (★ filled, ☆ empty), named for screen readers by `label`. */
export const starText = (rating: number) => '★'.repeat(rating) + '☆'.repeat(Math.max(0, 5 - rating));
