import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import type { Locale } from '#i18n/locales.ts';
import { checkDeskContent, frontMatterOf, type DeskProblems } from '#lib/content/desk-check.ts';
import { deskFields } from '#lib/content/desk-fields.ts';
import { contentSchemas, type ContentCollection } from '#lib/content/schemas.ts';
import type { ShopDb } from '#server/db/index.ts';
import { readDeskEntry } from './desk-entries.ts';

// Astro's own Markdown processor (the one the build runs, `markdown: { syntaxHighlight: false }`): the preview's HTML
// is the published page's.
let processor: ReturnType<typeof createSatteriMarkdownProcessor> | undefined;
const markdown = () => (processor ??= createSatteriMarkdownProcessor({ syntaxHighlight: false }));

export interface EntryPreview {
  /** The front matter as the build will read it; null while the entry does not pass its schema. */
  data: Record<string, unknown> | null;
  fallbackTitle: string;
  html: string;
  body: string;
  problems: DeskProblems;
}

/** An entry's working copy in one language, as its page will show it (only for staff: never cached or indexed). */
export async function previewEntry(
  db: ShopDb,
  collection: ContentCollection,
  slug: string,
  locale: Locale,
): Promise<EntryPreview | null> {
  const entry = await readDeskEntry(db, collection, slug);
  if (!entry) return null;
  const raw = frontMatterOf(deskFields(collection), entry.draft, locale);
  const parsed = contentSchemas[collection].safeParse(raw);
  const body = entry.draft[locale].body;
  // Raw HTML is refused at approval; in a preview it shows as text, so a draft can never run script in the desk.
  const { code } = await (await markdown()).render(body.replace(/</g, '&lt;'));
  return {
    data: parsed.success ? (parsed.data as Record<string, unknown>) : null,
    fallbackTitle: String(raw['title'] ?? raw['name'] ?? slug),
    html: code,
    body,
    problems: checkDeskContent(collection, entry.draft),
  };
}
