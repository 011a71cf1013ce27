/**
 * Gzipped JavaScript budgets per page, in KB (1 KB = 1024 bytes). The first pattern that matches a page's
 * path (locale prefix removed) applies. Extra URLs are on-demand pages the size check fetches as well.
 */
export const budgets = [
  // The home page shows product cards, whose cart counters bring the cart store (nanostores, ~3 KB with the
  // control); pages without cards stay at 80 with only the React-free mini-cart.
  { pattern: /^\/$/, kb: 84, issue: 'foundation: home; cart: card counters' },
  { pattern: /^\/products(\?|$)/, kb: 90, issue: 'catalog: listing' },
  { pattern: /^\/checkout\/cart\/?$/, kb: 100, issue: 'cart: cart page' },
  { pattern: /.*/, kb: 80, issue: 'default' },
];

export const onDemandPages = ['/en/products?category=1', '/ar/products?query=coffee', '/en/no-such-page'];
