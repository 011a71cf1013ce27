// The uncached shopper paths of issue 25: every request a different product or listing page, as a search engine
// crawling the catalog or shoppers paging through sorted listings nobody opened before. Pages carry a nonce (`r`)
// so the render cache never answers; the API is not cached anyway.

const sorts = ['price_asc', 'price_desc', 'rating', 'newest'];
/** Varied search texts in both languages, so no autocomplete is measured on one cached answer (run.mjs uses them too). */
export const texts = [
  'espr',
  'espresso',
  'grinder',
  'مطحنة',
  'اسبرسو',
  'coffee',
  'قهوة',
  'kettle',
  'yirgachefe',
  'أثيوبيا',
  'scale',
  'brazil',
];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const nonce = () => Math.random().toString(36).slice(2, 10);

/** Reads what the random choices range over: the number of products and each category's number of pages. */
async function catalogShape(base) {
  const categories = [1, 2, 3, 4];
  const totals = await Promise.all(
    categories.map((c) =>
      fetch(`${base}/api/products?category=${c}&per_page=24`)
        .then((r) => r.json())
        .then((b) => b.meta.last_page),
    ),
  );
  const all = await fetch(`${base}/api/products?per_page=1`).then((r) => r.json());
  // Seeded ids run from 1 without gaps, so the count is the largest id.
  return { maxId: all.meta.total, products: all.meta.total, pages: new Map(categories.map((c, i) => [c, totals[i]])) };
}

/** Endpoints with a `next()` giving a fresh path per request. */
export async function scaleEndpoints(base) {
  const shape = await catalogShape(base);
  const listing = () => {
    const category = 1 + Math.floor(Math.random() * shape.pages.size);
    const page = 1 + Math.floor(Math.random() * shape.pages.get(category));
    return { category, page, sort: pick(sorts) };
  };
  const endpoints = [
    {
      name: 'page /en|ar/single-product/{random id}',
      page: true,
      next: () => `/${pick(['en', 'ar'])}/single-product/${1 + Math.floor(Math.random() * shape.maxId)}?r=${nonce()}`,
    },
    {
      name: 'page /en/products?category&sort&page (random)',
      page: true,
      next: () => {
        const { category, page, sort } = listing();
        return `/${pick(['en', 'ar'])}/products?category=${category}&sort=${sort}&page=${page}&r=${nonce()}`;
      },
    },
    {
      name: 'GET /api/products?category&sort&page (random)',
      next: () => {
        const { category, page, sort } = listing();
        return `/api/products?category=${category}&sort=${sort}&page=${page}&per_page=24`;
      },
    },
    { name: 'GET /api/products/{random id}', next: () => `/api/products/${1 + Math.floor(Math.random() * shape.maxId)}` },
    {
      name: 'GET /api/autocomplete?q=… (12 texts)',
      next: () => `/api/autocomplete?q=${encodeURIComponent(pick(texts))}&lang=${pick(['en-US', 'ar-SA'])}`,
    },
  ];
  return { shape, endpoints, firstSearch: `/api/autocomplete?q=${encodeURIComponent('coffee')}&lang=en-US` };
}
