/**
 * Gzipped JavaScript budgets per page, in KB (1 KB = 1024 bytes). The first pattern that matches a page's
 * path (locale prefix removed) applies. Extra URLs are on-demand pages the size check fetches as well.
 */
export const budgets = [
  { pattern: /^\/$/, kb: 110, issue: 'content: home with its carousels' },
  // Article, review, recipe and info pages add only plain scripts (video facade) to the shared islands.
  {
    pattern:
      /^\/(blog|articles|reviews|recipes|single-recipe|coffe-shops|offers|about-us|privacy-policy|terms-and-conditions)(\/|$)/,
    kb: 80,
    issue: 'content: articles, recipes, info pages',
  },
  { pattern: /^\/products(\/|\?|$)/, kb: 90, issue: 'catalog: listing' },
  { pattern: /^\/single-product\//, kb: 90, issue: 'catalog: product page' },
  { pattern: /^\/seller-profile\//, kb: 90, issue: 'catalog: seller page' },
  { pattern: /^\/checkout\/cart\/?$/, kb: 100, issue: 'cart: cart page' },
  { pattern: /.*/, kb: 80, issue: 'default' },
];

export const onDemandPages = [
  '/en/products?category=1',
  '/en/products?category=1&sort=price_asc&page=2',
  '/ar/products?query=coffee',
  '/ar/seller-profile/1?query=coffee',
  '/en/no-such-page',
  // Product pages are rendered on demand (decision 008).
  '/en/single-product/1',
  '/ar/single-product/1',
];
