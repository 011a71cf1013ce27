import type { AstroGlobal } from 'astro';
import { getCollection } from 'astro:content';
import type { Locale } from '#i18n/locales.ts';
import { slugProblem, type DeskContent } from '#lib/content/desk-content.ts';
import { isContentCollection, isHomeCollection, type ContentCollection } from '#lib/content/schemas.ts';
import { homeDefaults } from '#server/services/home/home-entries.ts';
import { deskPage, type DeskPage } from '../../shell/server/desk-page.ts';

interface LiveEntry {
  id: string;
  body?: string | undefined;
  data: Record<string, unknown>;
}

/** What the site shows of a kind: the build's collection, or the home page's defaults in code (`slide-1` …). */
async function live(collection: ContentCollection): Promise<LiveEntry[]> {
  if (isHomeCollection(collection)) {
    return homeDefaults(collection).flatMap(({ slug, content }) =>
      (['en', 'ar'] as const).map((locale) => ({ id: `${locale}/${slug}`, data: content[locale].data, body: '' })),
    );
  }
  return (await getCollection(collection)) as LiveEntry[];
}

/** A front-matter value as the desk's form holds it: dates as YYYY-MM-DD, lists one item per line. */
function typed(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.join('\n');
  return value === undefined || value === null ? '' : String(value);
}

/** The entries the live site shows for a collection (files and desk alike), by slug, titled in the desk's language. */
export async function liveEntries(collection: ContentCollection, locale: Locale): Promise<{ slug: string; title: string }[]> {
  return (await live(collection))
    .filter((e) => e.id.startsWith(`${locale}/`))
    .map((e) => ({ slug: e.id.slice(3), title: typed(e.data['title'] ?? e.data['name']) }))
    .sort((a, b) => a.slug.localeCompare(b.slug, 'en', { numeric: true }));
}

/**
 * A live entry as the desk's first draft of it (an entry written as a file, opened in the desk for the first time):
 * both languages' front matter and text. Null when the site has no such entry.
 */
export async function liveEntryContent(collection: ContentCollection, slug: string): Promise<DeskContent | null> {
  const entries = await live(collection);
  const side = (locale: 'en' | 'ar') => {
    const entry = entries.find((e) => e.id === `${locale}/${slug}`);
    return (
      entry && { data: Object.fromEntries(Object.entries(entry.data).map(([k, v]) => [k, typed(v)])), body: entry.body ?? '' }
    );
  };
  const [en, ar] = [side('en'), side('ar')];
  return en && ar ? { en, ar } : null;
}

/**
 * A desk page of one entry the route's `[collection]/[slug]` names (content.manage): the desk page, with the kind and
 * the slug. A kind the desk does not edit, or a slug it would refuse, answers the shop's not-found page.
 */
export async function deskEntryPage(
  astro: AstroGlobal,
): Promise<(DeskPage & { collection: ContentCollection; slug: string }) | Response> {
  const page = await deskPage(astro, 'content.manage');
  if (page instanceof Response) return page;
  const { collection = '', slug = '' } = astro.params;
  if (!isContentCollection(collection) || slugProblem(slug)) return astro.rewrite('/404');
  return { ...page, collection, slug };
}
