import type { Locale } from '#i18n/locales.ts';
import { frontMatterOf } from '#lib/content/desk-check.ts';
import type { DeskContent } from '#lib/content/desk-content.ts';
import { deskFields } from '#lib/content/desk-fields.ts';
import { contentSchemas, type HomeCollection } from '#lib/content/schemas.ts';
import type { ShopDb } from '../../db/index.ts';
import { deskSnapshotHere, releaseEntries } from '../content/desk-snapshots.ts';
import { advertisements, shippingSteps, slides } from './home-data.ts';

type Bi = { en: string; ar: string };
type Row = Record<string, Bi | string | number>;

/** A default written in code (home-data.ts) as the desk holds an entry: each language's values as typed text. */
function asDeskContent(row: Row): DeskContent {
  const side = (locale: Locale) => ({
    data: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'object' ? v[locale] : String(v)])),
    body: '',
  });
  return { en: side('en'), ar: side('ar') };
}

/** The home page's entries as shipped in code, by slug (`slide-1` …): the desk edits them like any entry. */
export function homeDefaults(collection: HomeCollection): { slug: string; content: DeskContent }[] {
  const rows: Row[] =
    collection === 'slides'
      ? slides.map(({ id, art, ...s }) => ({ ...s, art, order: id }))
      : collection === 'ads'
        ? advertisements.map(({ id, art, ...a }) => ({ ...a, art, order: id }))
        : shippingSteps.map(({ step, ...s }) => ({ ...s, order: step }));
  const prefix = { slides: 'slide', ads: 'ad', steps: 'step' }[collection];
  return rows.map((row) => ({ slug: `${prefix}-${String(row['order'])}`, content: asDeskContent(row) }));
}

/**
 * One kind of the home page's entries in one language, in their order: the defaults in code, replaced or joined by
 * what the desk published (the live release; in a publish's build, the release being built). Each entry passed the
 * collection's schema when it was approved and is read through it again here.
 */
export async function homeEntries<C extends HomeCollection>(db: ShopDb, collection: C, locale: Locale) {
  const published = (await releaseEntries(db, await deskSnapshotHere(db))).filter((e) => e.collection === collection);
  const bySlug = new Map(homeDefaults(collection).map((d) => [d.slug, d.content]));
  for (const entry of published) {
    if (entry.content) bySlug.set(entry.slug, entry.content);
    else bySlug.delete(entry.slug);
  }
  const fields = deskFields(collection);
  const schema = contentSchemas[collection];
  const parsed = [...bySlug.values()].flatMap((content) => {
    const result = schema.safeParse(frontMatterOf(fields, content, locale));
    return result.success ? [result.data] : [];
  });
  return parsed.sort((a, b) => a.order - b.order) as ReturnType<(typeof contentSchemas)[C]['parse']>[];
}
