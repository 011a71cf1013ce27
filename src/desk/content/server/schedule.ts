import type { DeskContent } from '#lib/content/desk-content.ts';
import { offerWindow } from '#lib/offers.ts';
import type { ShopDb } from '#server/db/index.ts';
import { offerFiles } from '#server/content/offer-files.ts';
import { Problem } from '#server/problem.ts';
import { liveSnapshot, releaseEntries } from '#server/services/content/desk-snapshots.ts';
import { startPublish, type ReleaseView } from './releases.ts';
import { runJob } from '#server/observability/job-run.ts';

/** The instants an offer changes the listings at (offers.ts, on Cairo's calendar); none for a date not written yet. */
function offerBoundaries(validFrom: string, validUntil: string): number[] {
  const [from, until] = [new Date(validFrom.slice(0, 10)), new Date(validUntil.slice(0, 10))];
  if (Number.isNaN(from.getTime()) || Number.isNaN(until.getTime())) return [];
  const { starts, ends } = offerWindow({ validFrom: from, validUntil: until });
  return [starts, ends];
}

/**
 * Why the site should be published now without anyone pressing a button, or null: an approved entry's time has come
 * since the last publish started (`since`) and it is not live, or an offer started or ended since then.
 */
export async function publishReason(db: ShopDb, now: string, since: string): Promise<'scheduled' | 'offer' | null> {
  // Only revisions whose time came since the last publish started: an older one had its publish (live, or failed and
  // withdrawn with what it brought), and an entry's earlier versions never come back on their own.
  const [due, live] = await Promise.all([
    db
      .selectFrom('content_revisions')
      .select('id')
      .where('withdrawn_at', 'is', null)
      .where('publish_at', '>', since)
      .where('publish_at', '<=', now)
      .execute(),
    liveSnapshot(db),
  ]);
  const liveIds = new Set(Object.values(live));
  if (due.some((r) => !liveIds.has(r.id))) return 'scheduled';
  const deskOffers = (await releaseEntries(db, live))
    .filter(
      (e): e is { collection: string; slug: string; content: DeskContent } => e.collection === 'offers' && e.content !== null,
    )
    .map((e) => ({
      validFrom: e.content.en.data['validFrom'] ?? '',
      validUntil: e.content.en.data['validUntil'] ?? '',
    }));
  const [from, to] = [Date.parse(since), Date.parse(now)];
  const crossed = [...offerFiles(), ...deskOffers].some((o) =>
    offerBoundaries(o.validFrom, o.validUntil).some((t) => t > from && t <= to),
  );
  return crossed ? 'offer' : null;
}

/**
 * One look at the clock: publishes when `publishReason` says so. `since` is when the last publish started (live or
 * not), else when this instance started. Several instances may look at once: the release lock lets one publish and
 * the others find it running, or, when it is already over, started since their look (startPublish's `decidedSince`).
 */
export async function publishIfDue(db: ShopDb, now: string, startedAt: string): Promise<ReleaseView | null> {
  // The last publish of any outcome: a failed one has had its try, and the clock does not retry it every minute.
  const last = await db.selectFrom('content_releases').select(['started_at', 'running']).orderBy('id', 'desc').executeTakeFirst();
  if (last?.running) return null;
  const since = last && last.started_at > startedAt ? last.started_at : startedAt;
  if (!(await publishReason(db, now, since))) return null;
  try {
    return await startPublish(db, null, now, since);
  } catch (error) {
    if (error instanceof Problem && error.status === 409) return null;
    throw error;
  }
}

/** Looks at the clock every minute in a server that follows publishes (CONTENT_SCHEDULE=0 turns it off). */
export function scheduleContent(db: ShopDb, everyMs = 60_000): () => void {
  const startedAt = new Date().toISOString();
  const timer = setInterval(() => {
    void runJob(
      'content-schedule',
      async () => ({ published: (await publishIfDue(db, new Date().toISOString(), startedAt))?.id ?? null }),
      ({ published }) => published === null,
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
