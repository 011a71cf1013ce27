import type { Locale } from '#i18n/locales.ts';

/**
 * An entry as the editors' desk holds it (issue 24): each language's front matter as the editor typed it (text, one
 * line per item for lists) and its Markdown body. Stored as JSON in content_entries (the working copy) and in
 * content_revisions (what was approved); turned into front matter by `frontMatterOf` (desk-check.ts).
 */
export interface LocaleContent {
  data: Record<string, string>;
  body: string;
}
export type DeskContent = Record<Locale, LocaleContent>;

export type FieldKind = 'text' | 'long' | 'date' | 'number' | 'list' | 'choice';

/** One front-matter field of a collection, as the desk's form draws it (read from the collection's schema). */
export interface DeskField {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** Asked once and written to both languages. */
  shared: boolean;
  choices?: readonly string[];
  max?: number;
}

/** The key of a field's problems and of its control in the desk's form: `<locale>.<name>`, or `<name>` when shared. */
export const fieldKey = (field: Pick<DeskField, 'name' | 'shared'>, locale: Locale): string =>
  field.shared ? field.name : `${locale}.${field.name}`;

/** An entry's address part: lowercase letters, digits and single hyphens (`/en/articles/<slug>`). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 80;

/** Why an address cannot be an entry's (the form says it before asking the API, which checks it again), or null. */
export const slugProblem = (slug: string): 'required' | 'tooLong' | 'invalid' | null =>
  !slug ? 'required' : slug.length > SLUG_MAX ? 'tooLong' : SLUG_PATTERN.test(slug) ? null : 'invalid';

/** Where each collection's entry is seen on the site (its own page, or the listing it appears in). */
export const ENTRY_PATHS = {
  articles: (slug: string) => `/articles/${slug}`,
  reviews: (slug: string) => `/reviews/${slug}`,
  recipes: (slug: string) => `/single-recipe/${slug}`,
  shops: () => '/coffe-shops',
  offers: (slug: string) => `/offers/${slug}`,
  pages: (slug: string) => `/${slug}`,
  slides: () => '/',
  ads: () => '/',
  steps: () => '/',
} as const;

/** What the desk knows of an entry's life: only in the desk, waiting for its time, or published. */
export type EntryState = 'draft' | 'changed' | 'scheduled' | 'approved' | 'live' | 'file' | 'removed';

/** Collections whose entries have no body (a coffee shop, the home page's slides, advertisements and steps). */
export const BODY_OPTIONAL: ReadonlySet<string> = new Set(['shops', 'slides', 'ads', 'steps']);

export const emptyContent = (): DeskContent => ({ en: { data: {}, body: '' }, ar: { data: {}, body: '' } });

/** What a page component draws for the desk's preview: the entry's address, its checked front matter, its text as HTML. */
export interface DeskPreview<Data> {
  slug: string;
  data: Data;
  html: string;
}
