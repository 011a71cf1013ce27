import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { astroBlocks } from './scripts/eslint/astro-blocks.mjs';

/**
 * The layers (docs/architecture.md): pages and layouts load data through src/server; components, islands and
 * stores only draw and talk to the API. A relative import that reaches src/server from them is refused.
 */
const serverPattern = {
  // relative (`../../server/db/index.ts`) or by name (`#server/db/index.ts`, `#desk/orders/server/…`, `#core/…/server/…`)
  regex: '^((\\.{1,2}/)+|#[\\w-]+/)(.*/)?server(/|$)|^#server/',
  message:
    'Components, islands and stores draw; they do not load data. Load it in the page (or layout) through src/server/page-data and pass it as props.',
};
/**
 * Imports by name (issue 48): an import that leaves its top-level folder of src names it (`#lib/money.ts`,
 * `#core/orders/server/order-moves.ts`: package.json's `imports`), so no relative import climbs three or more levels.
 */
const climbPattern = {
  regex: '^(\\.\\./){3,}',
  message: 'Import by name instead of climbing: `#lib/…`, `#server/…`, `#core/…` (package.json "imports", docs/architecture.md).',
};
const importsByName = { 'no-restricted-imports': ['error', { patterns: [climbPattern] }] };
const serverBoundary = { 'no-restricted-imports': ['error', { patterns: [climbPattern, serverPattern] }] };
/**
 * The desk's and the seller portal's wings (decision 026) keep each feature's server part in its own `server/`
 * folder; everything else in a wing is drawn in the browser and answers to the same boundary.
 */
const wingClients = ['src/desk/**', 'src/seller/**', 'src/kit/**'];
const wingServers = ['src/desk/**/server/**', 'src/seller/**/server/**'];
/**
 * A wing feature's page body (`<Name>Page.astro`, rendered on the server for its thin route file) and the portal's frame
 * (`SellerLayout.astro`, `AdminLayout.astro`, as `src/layouts` does for the shop) load through their server part, as a page does; the wing's other components and islands only draw.
 */
const wingPageBodies = [
  'src/desk/**/*Page.astro/*.ts',
  'src/seller/**/*Page.astro/*.ts',
  'src/desk/**/*Layout.astro/*.ts',
  'src/seller/**/*Layout.astro/*.ts',
];
const drawingLayers = ['src/components/**', 'src/islands/**', 'src/stores/**', ...wingClients];

/**
 * One way to call the API from the browser (issue 21): src/lib/api-client.ts (`apiFetch`, `shopperFetch`) adds the
 * language, the token and its renewal, and reads refusals. Islands and stores never call `fetch` themselves.
 */
const fetchMessage = 'Call the API through src/lib/api-client.ts (apiFetch, or shopperFetch for the logged-in shopper).';
const oneApiClient = {
  'no-restricted-globals': ['error', { name: 'fetch', message: fetchMessage }],
  'no-restricted-properties': [
    'error',
    { object: 'window', property: 'fetch', message: fetchMessage },
    { object: 'globalThis', property: 'fetch', message: fetchMessage },
    { object: 'self', property: 'fetch', message: fetchMessage },
  ],
};
const apiCallers = ['src/islands/**', 'src/stores/**', ...wingClients];

/**
 * Data for islands comes from stores (issue 21): the islands that show the shopper's addresses, orders, wallet,
 * checkout choices and placed order read them with `useStore` from src/stores, which load them through the API
 * client once for the whole page. These islands do not import the client's calls.
 */
const storeReaders = [
  'src/islands/account/AddressBook.tsx',
  'src/islands/account/AddressForm.tsx',
  'src/islands/orders/**',
  'src/islands/checkout/CheckoutPayment.tsx',
  'src/islands/checkout/CheckoutSuccess.tsx',
  'src/islands/checkout/use-checkout-data.ts',
  'src/islands/checkout/use-checkout-payment.ts',
  'src/islands/cart/DeliveryEstimate.tsx',
];
const dataFromStores = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        climbPattern,
        serverPattern,
        {
          regex: '(^|/|#)lib/api-client(\\.ts)?$',
          importNames: ['apiFetch', 'shopperFetch'],
          message:
            'This island reads its data from a store (src/stores: $addresses, $orders, $wallet, …) with useStore; the store loads it and holds its changes.',
        },
      ],
    },
  ],
};

// Physical directions break the Arabic layout; use logical properties (DESIGN.md).
const physicalDirections = {
  selector: 'Literal[value=/\\b(ml|mr|pl|pr|left|right)-\\d/]',
  message: 'Use logical utilities (ms-/me-/ps-/pe-/start-/end-) instead of physical ones.',
};

/**
 * One list of languages (issue 21): route patterns are built from LOCALE_SEGMENT (src/i18n/locales.ts, made from
 * `languageOptions`), never written as `(en|ar)`; a third language then changes no pattern.
 */
const localeMessage = 'Build the pattern from LOCALE_SEGMENT (src/i18n/locales.ts) instead of writing the languages out.';
const hardCodedLocales = [
  { selector: 'Literal[regex.pattern=/\\(en\\|ar\\)/]', message: localeMessage },
  { selector: 'Literal[value=/\\(en\\|ar\\)/]', message: localeMessage },
  { selector: 'TemplateElement[value.raw=/\\(en\\|ar\\)/]', message: localeMessage },
];

/**
 * One way to know the page's language in .astro files (issue 21): src/middleware.ts sets Astro.locals.locale, .t
 * and .dir for every request (pre-rendered pages too); nothing casts the route parameter or builds a dictionary.
 */
const localeFromLocals = [
  {
    selector: 'CallExpression[callee.name="dictionary"]',
    message: 'Read Astro.locals.t (set by src/middleware.ts) instead of calling dictionary(locale).',
  },
  {
    selector: 'TSAsExpression[expression.property.name="locale"][expression.object.property.name="params"]',
    message: 'Read Astro.locals.locale (set by src/middleware.ts) instead of casting Astro.params.locale.',
  },
];
const localeRules = ['src/**/*.ts', 'src/**/*.tsx', 'src/**/*.astro/*.ts'];

/**
 * One way to write what differs per language (issue 33): outside src/i18n nothing compares a locale with 'ar' (a
 * value per language is `localized(locale, { en, ar })`, a column `localField(locale, row, 'name')`, the direction
 * `directionOf(locale)`, src/i18n/localized.ts and locales.ts), and a path is prefixed by `localePath(locale, path)`,
 * never by a `/${locale}` template.
 */
const localeComparisons = [
  {
    selector: "BinaryExpression[operator=/^(===|!==|==|!=)$/] > Literal[value='ar']",
    message:
      "Do not compare the language with 'ar': pick per language with localized(locale, { en, ar }) or localField(locale, row, 'name') (src/i18n/localized.ts), or directionOf(locale) for the direction.",
  },
  {
    selector: "TemplateLiteral[quasis.0.value.raw='/'][expressions.0.name=/^(locale|lang)$/]",
    message: 'Prefix a path with localePath(locale, path) (src/i18n/routes.ts) instead of a `/${locale}` template.',
  },
  {
    selector: "TemplateLiteral[quasis.0.value.raw='/'][expressions.0.property.name=/^(locale|lang)$/]",
    message: 'Prefix a path with localePath(locale, path) (src/i18n/routes.ts) instead of a `/${locale}` template.',
  },
];

/**
 * One shop time zone (issue 33): dates are read in Cairo's time through SHOP_TIME_ZONE (src/i18n/time-zone.ts), the one
 * place the zone is named; formatDate/formatDateTime/orderDate apply it.
 */
const shopTimeZone = [
  {
    selector: "Literal[value='Africa/Cairo']",
    message: 'Use SHOP_TIME_ZONE (src/i18n/time-zone.ts) instead of naming the time zone.',
  },
];

/**
 * One desk kit (issue 33): the desk's islands and the shop's forms draw buttons, refusal banners, tables, pagers and
 * tabs with src/kit, and a desk (or seller) island writes only through its useDeskAction hook. Typed amounts are read
 * with parseMoneyInput (src/lib/money.ts), never with fromPounds/latinDigits in an island.
 */
const kitMessage = (what) => `${what} (src/kit; docs/architecture.md, "One way").`;
const primaryButton = [
  { selector: 'Literal[value=/\\bbg-crema\\b/]', message: kitMessage('A primary button is <Button> or <SubmitButton>') },
  {
    selector: 'TemplateElement[value.raw=/\\bbg-crema\\b/]',
    message: kitMessage('A primary button is <Button> or <SubmitButton>'),
  },
];
const amountParsing = [
  {
    selector: 'CallExpression[callee.name=/^(fromPounds|latinDigits)$/]',
    message: 'Read a typed amount with parseMoneyInput (src/lib/money.ts), the one parser of pounds as people type them.',
  },
];
const deskDrawing = [
  { selector: 'JSXAttribute[name.name="role"][value.value="alert"]', message: kitMessage('A refusal banner is <Notice>') },
  { selector: 'JSXOpeningElement[name.name="table"]', message: kitMessage('A table is <DataTable>') },
  { selector: 'JSXOpeningElement[name.name="nav"]', message: kitMessage('A pager is <Pager>, tabs are <Tabs>') },
];
const deskWrites = [
  {
    selector: 'CallExpression[callee.name="adminCall"] > ObjectExpression > Property[key.name="method"]',
    message: kitMessage('A desk island writes through useDeskAction (use-desk-action.ts)'),
  },
];
const kitFree = { ignores: ['src/kit/**', ...wingServers, '**/*.test.ts', '**/*.test.tsx'] };
// The staff sign-in steps talk to /api/admin/auth before there is a desk to refresh: their own form actions.
const staffSignIn = [
  'src/desk/staff/StaffSignIn.tsx',
  'src/desk/staff/AcceptInvite.tsx',
  'src/desk/staff/sign-in-steps.tsx',
  'src/desk/staff/SignOutButton.tsx',
];
// Pure form logic that reads counts (stock) typed in any digits; its amounts go through parseMoneyInput, unit-tested.
const countReaders = ['src/desk/catalog/grid-edits.ts', 'src/desk/catalog/product-form.ts'];
const kitRules = (...extra) => ({
  'no-restricted-syntax': ['error', physicalDirections, ...hardCodedLocales, ...localeComparisons, ...shopTimeZone, ...extra],
});

export default defineConfig(
  { ignores: ['dist/', 'builds/', '.astro/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', physicalDirections],
    },
  },
  { files: ['src/**/*.{ts,tsx,mts,mjs}', 'src/**/*.astro/*.ts'], rules: importsByName },
  { files: drawingLayers, ignores: [...wingServers, ...wingPageBodies], rules: serverBoundary },
  { files: apiCallers, ignores: ['**/*.test.ts', ...wingServers], rules: oneApiClient },
  { files: storeReaders, rules: dataFromStores },
  // .astro files: their frontmatter and <script> blocks are linted for the boundary only (the template uses
  // frontmatter names ESLint cannot see, so the general rules would report false "unused" errors).
  { files: ['**/*.astro'], plugins: { astro: { processors: { blocks: astroBlocks } } }, processor: 'astro/blocks' },
  {
    files: ['**/*.astro/*.ts'],
    rules: Object.fromEntries(
      tseslint.configs.recommended.flatMap((c) => Object.keys(c.rules ?? {})).map((rule) => [rule, 'off']),
    ),
  },
  {
    files: drawingLayers.map((glob) => `${glob}/*.astro/*.ts`),
    ignores: [...wingServers, ...wingPageBodies],
    rules: serverBoundary,
  },
  {
    files: localeRules,
    ignores: ['src/i18n/**', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', physicalDirections, ...hardCodedLocales, ...localeComparisons, ...shopTimeZone] },
  },
  // src/i18n is where the languages are told apart: the comparisons are its own, the zone named in time-zone.ts alone.
  {
    files: ['src/i18n/**/*.ts'],
    ignores: ['src/i18n/locales.ts', 'src/i18n/time-zone.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', physicalDirections, ...hardCodedLocales, ...shopTimeZone] },
  },
  { files: ['src/i18n/locales.ts'], rules: { 'no-restricted-syntax': ['error', physicalDirections, ...shopTimeZone] } },
  // The scripts (publish, seed, order, …) and the root configs read dates in the shop's zone too.
  {
    files: ['scripts/**/*.mjs', 'scripts/**/*.ts', '*.ts', '*.js'],
    ignores: ['**/*.test.ts', '**/*.test.mjs'],
    rules: { 'no-restricted-syntax': ['error', physicalDirections, ...shopTimeZone] },
  },
  { files: ['src/islands/**/*.{ts,tsx}'], ...kitFree, rules: kitRules(...primaryButton, ...amountParsing) },
  {
    files: ['src/desk/**/*.{ts,tsx}', 'src/seller/**/*.{ts,tsx}'],
    ignores: [...kitFree.ignores, ...staffSignIn, ...countReaders],
    rules: kitRules(...primaryButton, ...amountParsing, ...deskDrawing, ...deskWrites),
  },
  { files: staffSignIn, rules: kitRules(...primaryButton, ...amountParsing, ...deskDrawing) },
  {
    files: ['src/**/*.astro/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        physicalDirections,
        ...hardCodedLocales,
        ...localeFromLocals,
        ...localeComparisons,
        ...shopTimeZone,
      ],
    },
  },
  // Functions a reader can hold (issue 48): none over 120 lines of code (blank lines and comments aside); split a longer
  // one by what it does. Tests (a describe block is a function) and migrations (one schema step each) aside.
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}', '**/*.astro/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.mjs', 'tests/**', 'src/server/db/migrations/**'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests read loosely typed JSON bodies; `any` there keeps assertions readable.
    files: ['tests/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // One axe check (accessibleAt in template-checks.ts): every scan uses the same WCAG 2.2 AA rules, and the cost of a
    // scan stays visible in one place (CI time, issue 33).
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/template-checks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@axe-core/playwright', message: 'Scan with accessibleAt() from tests/e2e/template-checks.ts.' }] },
      ],
    },
  },
);
