import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeskContent } from '../../../lib/content/desk-content.ts';
import { offerWindow } from '../../../lib/offers.ts';
import type { ShopDb } from '../../db/index.ts';
import { Problem } from '../../problem.ts';
import { liveSnapshot, releaseEntries, snapshotAt, startPublish, type ReleaseView } from './releases.ts';

/** The instants an offer changes the listings at (offers.ts, on Cairo's calendar); none for a date not written yet. */
function offerBoundaries(validFrom: string, validUntil: string): number[] {
  const [from, until] = [new Date(validFrom.slice(0, 10)), new Date(validUntil.slice(0, 10))];
  if (Number.isNaN(from.getTime()) || Number.isNaN(until.getTime())) return [];
  const { starts, ends } = offerWindow({ validFrom: from, validUntil: until });
  return [starts, ends];
}

/** Offers written as files in the repository (the same front matter the build reads). */
function fileOffers(dir = 'src/content/offers/en'): { validFrom: string; validUntil: string }[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.md'));
  } catch {
    return [];
  }
  return files.map((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const field = (name: string) => new RegExp(`^${name}:\\s*['"]?([\\d-]{10})`, 'm').exec(text)?.[1] ?? '';
    return { validFrom: field('validFrom'), validUntil: field('validUntil') };
  });
}

/**
 * Why the site should be published now without anyone pressing a button, or null: an approved entry's time has come
 * (it is due and not live), or an offer started or ended since the live version was published (`since`).
 */
export async function publishReason(db: ShopDb, now: string, since: string): Promise<'scheduled' | 'offer' | null> {
  const [due, live] = await Promise.all([snapshotAt(db, now), liveSnapshot(db)]);
  const liveIds = new Set(Object.values(live));
  if (Object.values(due).some((id) => !liveIds.has(id))) return 'scheduled';
  const deskOffers = (await releaseEntries(db, live))
    .filter((e) => e.collection === 'offers')
    .map((e: { content: DeskContent }) => ({
      validFrom: e.content.en.data['validFrom'] ?? '',
      validUntil: e.content.en.data['validUntil'] ?? '',
    }));
  const [from, to] = [Date.parse(since), Date.parse(now)];
  const crossed = [...fileOffers(), ...deskOffers].some((o) =>
    offerBoundaries(o.validFrom, o.validUntil).some((t) => t > from && t <= to),
  );
  return crossed ? 'offer' : null;
}

/**
 * One look at the clock: publishes when `publishReason` says so. `since` is when the live version was published (the
 * live release's start), else when this instance started. Several instances may look at once: the release lock lets
 * one publish and the others find it running.
 */
export async function publishIfDue(db: ShopDb, now: string, startedAt: string): Promise<ReleaseView | null> {
  const last = await db
    .selectFrom('content_releases')
    .select(['started_at', 'running'])
    .where((eb) => eb.or([eb('status', '=', 'live'), eb('running', '=', 1)]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (last?.running) return null;
  const since = last && last.started_at > startedAt ? last.started_at : startedAt;
  if (!(await publishReason(db, now, since))) return null;
  try {
    return await startPublish(db, null, now);
  } catch (error) {
    if (error instanceof Problem && error.status === 409) return null;
    throw error;
  }
}

/** Looks at the clock every minute in a server that follows publishes (CONTENT_SCHEDULE=0 turns it off). */
export function scheduleContent(db: ShopDb, everyMs = 60_000): () => void {
  const startedAt = new Date().toISOString();
  const timer = setInterval(() => {
    publishIfDue(db, new Date().toISOString(), startedAt).catch((error: unknown) =>
      console.error('the content schedule could not publish', error),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
