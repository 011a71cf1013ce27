import { checkDeskContent, type DeskProblems } from '#lib/content/desk-check.ts';
import type { DeskContent } from '#lib/content/desk-content.ts';
import type { ContentCollection } from '#lib/content/schemas.ts';
import type { ReleaseView } from '#lib/content/release-view.ts';
import { isoNow } from '#server/auth/secrets.ts';
import type { ShopDb } from '#server/db/index.ts';
import { isUniqueViolation } from '#server/db/values.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { publishRunner, type PublishOutcome } from './publish-runner.ts';
import {
  liveReleases,
  liveSnapshot,
  releaseColumns,
  snapshotAt,
  type Snapshot,
} from '#server/services/content/desk-snapshots.ts';
import { log } from '#server/observability/logger.ts';

export type { ReleaseView };

/** A publish that has said nothing for this long died with its instance: it no longer holds the lock. */
const STALE_MS = 20 * 60_000;

const viewOf = (r: {
  id: number;
  status: string;
  stage: string | null;
  message: string | null;
  started_by: number | null;
  started_at: string;
  finished_at: string | null;
  snapshot_json: string;
}): ReleaseView => ({
  id: r.id,
  status: r.status as ReleaseView['status'],
  stage: r.stage,
  message: r.message,
  startedBy: r.started_by,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  entries: Object.keys(JSON.parse(r.snapshot_json) as Snapshot).length,
});

/** The last publishes, newest first. */
export async function listReleases(db: ShopDb, limit = 10): Promise<ReleaseView[]> {
  const rows = await db.selectFrom('content_releases').select(releaseColumns).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(viewOf);
}

export async function readRelease(db: ShopDb, id: number): Promise<ReleaseView | null> {
  const row = await db.selectFrom('content_releases').select(releaseColumns).where('id', '=', id).executeTakeFirst();
  return row ? viewOf(row) : null;
}

/**
 * Approves an entry's working copy for the site, from now or from a chosen time: checked first against the build's
 * own schema in both languages (a refusal names each field), then kept as a revision that is never edited.
 */
export async function approveEntry(
  db: ShopDb,
  collection: ContentCollection,
  slug: string,
  publishAt: string | null,
  actor: StaffActor,
): Promise<{ revisionId: number; publishAt: string }> {
  return db.transaction().execute(async (trx) => {
    const entry = await trx
      .selectFrom('content_entries')
      .select(['id', 'draft_json'])
      .where('collection', '=', collection)
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!entry) throw new Problem(404, 'adminContent.entryNotFound');
    const content = JSON.parse(entry.draft_json) as DeskContent;
    const problems = { ...checkDeskContent(collection, content), ...(await unknownCoupons(trx, collection, content)) };
    if (Object.keys(problems).length) {
      const fields = Object.fromEntries(
        Object.entries(problems).map(([key, list]) => [key, list.map((p) => `adminContent.${p}` as const)]),
      );
      throw new Problem(422, 'adminContent.fixFields', { fields });
    }
    const now = isoNow();
    const asked = publishAt ? new Date(publishAt).toISOString() : now;
    const at = asked > now ? asked : now;
    const revision = await trx
      .insertInto('content_revisions')
      .values({ entry_id: entry.id, content_json: entry.draft_json, publish_at: at, created_by: actor.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: at > now ? 'content.schedule' : 'content.approve',
      subject: { type: 'content', id: `${collection}/${slug}` },
      after: { revision: revision.id, publishAt: at },
    });
    return { revisionId: revision.id, publishAt: at };
  });
}

/**
 * An offer naming a coupon the shop does not have would fail the build (src/server/content/offer-codes.ts) and send
 * shoppers to 'Invalid Coupon': refused here, beside the field, before anything is built.
 */
async function unknownCoupons(db: ShopDb, collection: ContentCollection, content: DeskContent): Promise<DeskProblems> {
  if (collection !== 'offers') return {};
  const problems: DeskProblems = {};
  for (const locale of ['en', 'ar'] as const) {
    const code = (content[locale].data['code'] ?? '').trim().toUpperCase();
    if (!code) continue;
    const found = await db.selectFrom('coupons').select('code').where('code', '=', code).executeTakeFirst();
    if (!found) problems[`${locale}.code`] = ['unknownCoupon'];
  }
  return problems;
}

/**
 * Takes the publish lock: a new release row, `running` = 1 (unique), refused while another publish runs. With
 * `decidedSince` (the content schedule's), also refused when a release started after it: another instance published
 * between this one's decision and now, which a release already over would not show as running (issue 54). The check
 * is inside the insert's transaction, after the row took the lock, so no release can start unseen in between.
 */
async function openRelease(
  db: ShopDb,
  snapshot: Snapshot,
  actor: StaffActor | null,
  now: string,
  decidedSince?: string,
): Promise<number> {
  await db
    .updateTable('content_releases')
    .set({ status: 'failed', running: null, stage: null, message: 'interrupted', finished_at: now })
    .where('running', '=', 1)
    .where('started_at', '<', new Date(Date.parse(now) - STALE_MS).toISOString())
    .execute();
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('content_releases')
        .values({
          status: 'building',
          running: 1,
          snapshot_json: JSON.stringify(snapshot),
          stage: 'queued',
          started_by: actor?.id ?? null,
          started_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (decidedSince !== undefined) {
        const since = await trx
          .selectFrom('content_releases')
          .select('id')
          .where('id', '!=', row.id)
          .where('started_at', '>', decidedSince)
          .executeTakeFirst();
        if (since) throw new Problem(409, 'adminContent.publishRunning');
      }
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Problem(409, 'adminContent.publishRunning');
    throw error;
  }
}

async function closeRelease(
  db: ShopDb,
  id: number,
  outcome: PublishOutcome,
  snapshot: Snapshot,
  previous: Snapshot,
): Promise<void> {
  const now = isoNow();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('content_releases')
      .set({
        status: outcome.ok ? 'live' : 'failed',
        running: null,
        stage: null,
        message: outcome.message,
        build_id: outcome.buildId ?? null,
        finished_at: now,
      })
      .where('id', '=', id)
      .execute();
    // A failed publish takes back what it brought: the entries go back to waiting in the desk, and no scheduler retries
    // a build that cannot pass.
    if (!outcome.ok) await withdraw(trx, snapshot, previous, now);
    await recordAudit(trx, null, {
      action: outcome.ok ? 'site.published' : 'site.publishFailed',
      subject: { type: 'release', id },
      after: { build: outcome.buildId ?? null },
      reason: outcome.ok ? null : outcome.message.slice(0, 500),
    });
  });
}

/** Withdraws the revisions of `snapshot` that `kept` does not hold. */
async function withdraw(trx: ShopDb, snapshot: Snapshot, kept: Snapshot, now: string): Promise<void> {
  const keep = new Set(Object.values(kept));
  const gone = Object.values(snapshot).filter((id) => !keep.has(id));
  if (gone.length) await trx.updateTable('content_revisions').set({ withdrawn_at: now }).where('id', 'in', gone).execute();
}

/**
 * Publishes the site with every approved revision whose time has come: one publish at a time across every instance
 * (the release row's lock). The build runs in the background (`npm run publish`: build beside, check, atomic switch);
 * the desk follows its stage and reads its outcome. Returns the release at once. `decidedSince`: see openRelease.
 */
export async function startPublish(
  db: ShopDb,
  actor: StaffActor | null,
  now = isoNow(),
  decidedSince?: string,
): Promise<ReleaseView> {
  const snapshot = await snapshotAt(db, now);
  const previous = await liveSnapshot(db);
  const id = await openRelease(db, snapshot, actor, now, decidedSince);
  await db
    .transaction()
    .execute((trx) =>
      recordAudit(trx, actor, { action: 'site.publish', subject: { type: 'release', id }, after: { entries: snapshot } }),
    );
  const stage = (name: string) =>
    db.updateTable('content_releases').set({ stage: name }).where('id', '=', id).where('running', '=', 1).execute();
  void publishRunner()({ release: id, now, onStage: stage })
    .catch((error: unknown): PublishOutcome => ({ ok: false, message: String(error) }))
    .then((outcome) => closeRelease(db, id, outcome, snapshot, previous))
    .catch((error: unknown) => log().error({ release: id, err: error }, 'content release could not be closed'));
  return (await readRelease(db, id))!;
}

/**
 * Rolls the site back to the release before the live one (or to the version the servers started with): the pointer
 * switches in a second, no build. The live release's new revisions are withdrawn, so the next publish does not bring
 * them back; the entries wait in the desk as drafts.
 */
export async function rollBack(db: ShopDb, actor: StaffActor): Promise<ReleaseView | null> {
  const [live, before] = await liveReleases(db);
  if (!live) throw new Problem(409, 'adminContent.nothingToRollBack');
  const now = isoNow();
  const taken = await db
    .updateTable('content_releases')
    .set({ running: 1, stage: 'rollingBack' })
    .where('id', '=', live.id)
    .where('status', '=', 'live')
    .executeTakeFirst()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new Problem(409, 'adminContent.publishRunning');
      throw error;
    });
  if (Number(taken.numUpdatedRows) !== 1) throw new Problem(409, 'adminContent.publishRunning');
  const outcome = await publishRunner()({ release: live.id, now, rollback: true, onStage: async () => undefined }).catch(
    (error: unknown): PublishOutcome => ({ ok: false, message: String(error) }),
  );
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('content_releases')
      .set(outcome.ok ? { status: 'rolled_back', running: null, stage: null, finished_at: now } : { running: null, stage: null })
      .where('id', '=', live.id)
      .execute();
    if (outcome.ok) {
      const kept = before ? (JSON.parse(before.snapshot_json) as Snapshot) : {};
      await withdraw(trx, JSON.parse(live.snapshot_json) as Snapshot, kept, now);
    }
    await recordAudit(trx, actor, {
      action: outcome.ok ? 'site.rollback' : 'site.rollbackFailed',
      subject: { type: 'release', id: live.id },
      after: { back_to: before?.id ?? null },
      reason: outcome.ok ? null : outcome.message.slice(0, 500),
    });
  });
  if (!outcome.ok) throw new Problem(502, 'adminContent.rollbackFailed', { values: { reason: outcome.message.slice(0, 300) } });
  return before ? viewOf(before) : null;
}
