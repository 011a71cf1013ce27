import { emptyContent, type DeskContent, type EntryState } from '#lib/content/desk-content.ts';
import type { ContentCollection } from '#lib/content/schemas.ts';
import type { Locale } from '#i18n/locales.ts';
import { isoNow } from '#server/auth/secrets.ts';
import type { ShopDb } from '#server/db/index.ts';
import { isUniqueViolation } from '#server/db/values.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { liveSnapshot, REMOVAL_JSON } from '#server/services/content/desk-snapshots.ts';

/** An entry the desk holds, as its list shows it (entries only in the repository's files are listed by the page). */
export interface DeskEntrySummary {
  id: number;
  slug: string;
  title: string;
  state: EntryState;
  publishAt: string | null;
  updatedAt: string;
}

export interface DeskRevision {
  id: number;
  publishAt: string;
  createdAt: string;
  withdrawnAt: string | null;
  live: boolean;
}

export interface DeskEntryView {
  id: number;
  collection: ContentCollection;
  slug: string;
  draft: DeskContent;
  state: EntryState;
  updatedAt: string;
  revisions: DeskRevision[];
}

const parse = (json: string): DeskContent => ({ ...emptyContent(), ...(JSON.parse(json) as Partial<DeskContent>) });

interface RevisionRow {
  id: number;
  entry_id: number;
  content_json: string;
  publish_at: string;
  created_at: string;
  withdrawn_at: string | null;
}

/**
 * Where an entry stands: never approved (draft); approved but edited since (changed); approved for a time still to come
 * (scheduled); approved and waiting for the next publish (approved); in the live release (live).
 */
function stateOf(draftJson: string, latest: RevisionRow | undefined, live: Set<number>, now: string): EntryState {
  if (!latest) return 'draft';
  if (latest.content_json === REMOVAL_JSON) return live.has(latest.id) ? 'removed' : 'approved';
  if (latest.content_json !== draftJson) return 'changed';
  if (live.has(latest.id)) return 'live';
  return latest.publish_at > now ? 'scheduled' : 'approved';
}

async function latestRevisions(db: ShopDb, entryIds: number[]): Promise<Map<number, RevisionRow>> {
  if (!entryIds.length) return new Map();
  const rows = await db
    .selectFrom('content_revisions')
    .select(['id', 'entry_id', 'content_json', 'publish_at', 'created_at', 'withdrawn_at'])
    .where('entry_id', 'in', entryIds)
    .where('withdrawn_at', 'is', null)
    .orderBy('id', 'asc')
    .execute();
  return new Map(rows.map((r) => [r.entry_id, r]));
}

/** Every entry of a collection the desk holds, the most recently edited first, titled in the reader's language. */
export async function listDeskEntries(db: ShopDb, collection: ContentCollection, locale: Locale): Promise<DeskEntrySummary[]> {
  const entries = await db
    .selectFrom('content_entries')
    .select(['id', 'slug', 'draft_json', 'updated_at'])
    .where('collection', '=', collection)
    .orderBy('updated_at', 'desc')
    .execute();
  const [latest, live] = await Promise.all([
    latestRevisions(
      db,
      entries.map((e) => e.id),
    ),
    liveSnapshot(db),
  ]);
  const liveIds = new Set(Object.values(live));
  const now = isoNow();
  return entries.map((e) => {
    const draft = parse(e.draft_json);
    const revision = latest.get(e.id);
    return {
      id: e.id,
      slug: e.slug,
      title: draft[locale].data['title'] || draft[locale].data['name'] || draft.en.data['title'] || e.slug,
      state: stateOf(e.draft_json, revision, liveIds, now),
      publishAt: revision?.publish_at ?? null,
      updatedAt: e.updated_at,
    };
  });
}

/** One entry with its working copy and every revision, newest first; null when the desk does not hold it. */
export async function readDeskEntry(db: ShopDb, collection: ContentCollection, slug: string): Promise<DeskEntryView | null> {
  const entry = await db
    .selectFrom('content_entries')
    .select(['id', 'draft_json', 'updated_at'])
    .where('collection', '=', collection)
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!entry) return null;
  const [revisions, live] = await Promise.all([
    db
      .selectFrom('content_revisions')
      .select(['id', 'entry_id', 'content_json', 'publish_at', 'created_at', 'withdrawn_at'])
      .where('entry_id', '=', entry.id)
      .orderBy('id', 'desc')
      .execute(),
    liveSnapshot(db),
  ]);
  const liveIds = new Set(Object.values(live));
  return {
    id: entry.id,
    collection,
    slug,
    draft: parse(entry.draft_json),
    state: stateOf(
      entry.draft_json,
      revisions.find((r) => !r.withdrawn_at),
      liveIds,
      isoNow(),
    ),
    updatedAt: entry.updated_at,
    revisions: revisions.map((r) => ({
      id: r.id,
      publishAt: r.publish_at,
      createdAt: r.created_at,
      withdrawnAt: r.withdrawn_at,
      live: liveIds.has(r.id),
    })),
  };
}

/**
 * Saves the working copy as the editor types (nothing is checked: a draft may be half written). `was` is the
 * updatedAt the editor's copy started from: a save over someone else's newer copy is refused, never silently lost.
 */
export async function saveDraft(
  db: ShopDb,
  collection: ContentCollection,
  slug: string,
  content: DeskContent,
  was: string | null,
  actor: StaffActor,
): Promise<{ updatedAt: string }> {
  const now = isoNow();
  const json = JSON.stringify(content);
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('content_entries')
      .select(['id', 'updated_at'])
      .where('collection', '=', collection)
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!current) {
      if (was) throw new Problem(404, 'adminContent.entryNotFound');
      // Two editors creating the same address at once: one creates it, the other is told.
      await trx
        .insertInto('content_entries')
        .values({
          collection,
          slug,
          draft_json: json,
          created_by: actor.id,
          created_at: now,
          updated_by: actor.id,
          updated_at: now,
        })
        .execute()
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? new Problem(409, 'adminContent.slugTaken') : error;
        });
      return { updatedAt: now };
    }
    if (was !== current.updated_at) throw new Problem(409, 'adminContent.editedElsewhere');
    // A save in the same millisecond as the last still moves the stamp, so the next `was` check tells them apart.
    const stamp = now > current.updated_at ? now : new Date(Date.parse(current.updated_at) + 1).toISOString();
    await trx
      .updateTable('content_entries')
      .set({ draft_json: json, updated_by: actor.id, updated_at: stamp })
      .where('id', '=', current.id)
      .execute();
    return { updatedAt: stamp };
  });
}

/**
 * Puts an earlier approved version back as the working copy (every version is kept): the editor reviews it, then
 * publishes it like any change. Audited; refused over a newer copy like any save.
 */
export async function restoreRevision(
  db: ShopDb,
  collection: ContentCollection,
  slug: string,
  revisionId: number,
  actor: StaffActor,
): Promise<{ updatedAt: string }> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('content_revisions')
      .innerJoin('content_entries', 'content_entries.id', 'content_revisions.entry_id')
      .select(['content_entries.id as entryId', 'content_entries.updated_at', 'content_revisions.content_json'])
      .where('content_entries.collection', '=', collection)
      .where('content_entries.slug', '=', slug)
      .where('content_revisions.id', '=', revisionId)
      .executeTakeFirst();
    if (!found) throw new Problem(404, 'adminContent.entryNotFound');
    const now = isoNow();
    const stamp = now > found.updated_at ? now : new Date(Date.parse(found.updated_at) + 1).toISOString();
    await trx
      .updateTable('content_entries')
      .set({ draft_json: found.content_json, updated_by: actor.id, updated_at: stamp })
      .where('id', '=', found.entryId)
      .execute();
    await recordAudit(trx, actor, {
      action: 'content.restore',
      subject: { type: 'content', id: `${collection}/${slug}` },
      after: { revision: revisionId },
    });
    return { updatedAt: stamp };
  });
}

/**
 * Takes an entry off the site: a revision that removes it (the working copy and every version stay), published like
 * any change. An entry written as a file leaves the site too. Approving the draft again brings it back.
 */
export async function removeEntry(
  db: ShopDb,
  collection: ContentCollection,
  slug: string,
  /** The working copy for an entry the desk does not hold yet (a file's, as the editor opened it). */
  draft: DeskContent,
  actor: StaffActor,
): Promise<void> {
  const now = isoNow();
  await db.transaction().execute(async (trx) => {
    let entry = await trx
      .selectFrom('content_entries')
      .select('id')
      .where('collection', '=', collection)
      .where('slug', '=', slug)
      .executeTakeFirst();
    // A file's entry the desk never held: its row first (the file's text as the draft), for the removal to belong to.
    entry ??= await trx
      .insertInto('content_entries')
      .values({
        collection,
        slug,
        draft_json: JSON.stringify(draft),
        created_by: actor.id,
        created_at: now,
        updated_by: actor.id,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('content_revisions')
      .values({ entry_id: entry.id, content_json: REMOVAL_JSON, publish_at: now, created_by: actor.id, created_at: now })
      .execute();
    await recordAudit(trx, actor, { action: 'content.remove', subject: { type: 'content', id: `${collection}/${slug}` } });
  });
}
