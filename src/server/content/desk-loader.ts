import type { Loader } from 'astro/loaders';
import { glob } from 'astro/loaders';
import { locales } from '#i18n/locales.ts';
import { deskFields } from '#lib/content/desk-fields.ts';
import { frontMatterOf } from '#lib/content/desk-check.ts';
import type { ContentCollection } from '#lib/content/schemas.ts';
import { deskSnapshotHere, releaseEntries } from '../services/content/desk-snapshots.ts';
import { sharedDatabase } from '../db/index.ts';

/** The desk's entries this build shows (its release, a terminal publish's due revisions, or the live release). */
async function deskEntries() {
  const { db } = await sharedDatabase();
  return releaseEntries(db, await deskSnapshotHere(db));
}

let loaded: ReturnType<typeof deskEntries> | undefined;

/**
 * A collection's entries (decision 019): the repository's Markdown files (`{en,ar}/<slug>.md`, Astro's glob loader),
 * then what editors published from the desk, read from the database; a desk entry replaces a file of the same slug.
 * Each desk entry is checked by the collection's schema and its Markdown rendered exactly as a file's would be; an entry
 * taken off the site in the desk is left out (a file of the same slug too).
 */
export function filesAndDesk(collection: ContentCollection): Loader {
  const files = glob({ pattern: '{en,ar}/*.md', base: `./src/content/${collection}` });
  return {
    name: 'files-and-desk',
    async load(context) {
      await files.load(context);
      loaded ??= deskEntries();
      const fields = deskFields(collection);
      for (const entry of (await loaded).filter((e) => e.collection === collection)) {
        for (const locale of locales) {
          const id = `${locale}/${entry.slug}`;
          // Taken off the site in the desk: gone from this build, a file of the same slug included.
          if (!entry.content) {
            context.store.delete(id);
            continue;
          }
          const body = entry.content[locale].body;
          const raw = frontMatterOf(fields, entry.content, locale);
          const data = await context.parseData({ id, data: raw });
          context.store.set({
            id,
            data,
            body,
            rendered: await context.renderMarkdown(body),
            digest: context.generateDigest({ raw, body }),
          });
        }
      }
    },
  };
}
