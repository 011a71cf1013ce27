import type { DeskContent } from '#lib/content/desk-content.ts';
import type { ShopDb } from '../../db/index.ts';
import { serverConfig } from '../../config.ts';

/**
 * What the editors' desk has published (decision 019), read by the build's content loader, the home page's data and
 * the desk itself: which revision of each entry a release built, and those revisions' content.
 */
/** Which revision of each desk entry a release built: entry id → revision id. */
export type Snapshot = Record<string, number>;

/** A release row as the desk reads it. */
export const releaseColumns = [
  'id',
  'status',
  'stage',
  'message',
  'started_by',
  'started_at',
  'finished_at',
  'snapshot_json',
  'build_id',
] as const;

/** The live releases, newest first: the first is what shoppers see, the second what a rollback returns to. */
export const liveReleases = (db: ShopDb) =>
  db.selectFrom('content_releases').select(releaseColumns).where('status', '=', 'live').orderBy('id', 'desc').limit(2).execute();

/** What the live site built from the desk (empty before the first publish from the desk). */
export async function liveSnapshot(db: ShopDb): Promise<Snapshot> {
  const [live] = await liveReleases(db);
  return live ? (JSON.parse(live.snapshot_json) as Snapshot) : {};
}

/** What a publish at `now` builds: each entry's newest revision that is not withdrawn and whose time has come. */
export async function snapshotAt(db: ShopDb, now: string): Promise<Snapshot> {
  const rows = await db
    .selectFrom('content_revisions')
    .select(['id', 'entry_id'])
    .where('withdrawn_at', 'is', null)
    .where('publish_at', '<=', now)
    .orderBy('id', 'asc')
    .execute();
  return Object.fromEntries(rows.map((r) => [String(r.entry_id), r.id]));
}

/** A revision that takes its entry off the site (content_revisions.content_json). */
export const REMOVAL_JSON = 'null';

/** The revisions a release built, with their entries: what the content loader reads at build time. */
export async function releaseEntries(db: ShopDb, snapshot: Snapshot) {
  const ids = Object.values(snapshot);
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('content_revisions')
    .innerJoin('content_entries', 'content_entries.id', 'content_revisions.entry_id')
    .select(['content_entries.collection', 'content_entries.slug', 'content_revisions.content_json'])
    .where('content_revisions.id', 'in', ids)
    .execute();
  // `null` is a removal: the entry (a file's too) is off the site in this release.
  return rows.map((r) => ({ collection: r.collection, slug: r.slug, content: JSON.parse(r.content_json) as DeskContent | null }));
}

/**
 * The desk's entries this process shows: a publish's build shows its release (`CONTENT_RELEASE`) or, from a terminal,
 * every approved revision due at its instant (`CONTENT_NOW`); a running server and a plain build show the live release.
 */
export async function deskSnapshotHere(db: ShopDb): Promise<Snapshot> {
  const { contentRelease, contentNow } = serverConfig();
  if (contentRelease) {
    const release = await db
      .selectFrom('content_releases')
      .select('snapshot_json')
      .where('id', '=', contentRelease)
      .executeTakeFirst();
    if (!release) throw new Error(`The desk's release ${contentRelease} does not exist.`);
    return JSON.parse(release.snapshot_json) as Snapshot;
  }
  return contentNow ? snapshotAt(db, contentNow.toISOString()) : liveSnapshot(db);
}
