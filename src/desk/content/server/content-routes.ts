import { Hono, type Context } from 'hono';
import { isContentCollection, type ContentCollection } from '#lib/content/schemas.ts';
import { slugProblem } from '#lib/content/desk-content.ts';
import { ApproveSchema, DraftSchema, RemoveSchema } from '#lib/schemas/admin-content.ts';
import { listDeskEntries, readDeskEntry, removeEntry, restoreRevision, saveDraft } from './desk-entries.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import type { ShopDb } from '#server/db/index.ts';
import { approveEntry, listReleases, readRelease, rollBack, startPublish } from './releases.ts';
import { Problem } from '#server/problem.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { photoBodyLimit, receivePhoto } from '../../catalog/server/photo-upload.ts';
import { deskDocumenter, done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { refused } from '#server/api/openapi/describe.ts';
import {
  AfterRollback,
  Approval,
  ContentEntries,
  ContentEntry,
  Release,
  Releases,
  Removal,
  SavedDraft,
} from './content-answers.ts';
import { StoredPhoto } from '../../catalog/server/catalog-answers.ts';
const documented = deskDocumenter('Content');

const collectionParam = (c: Context<ApiEnv>): ContentCollection => {
  const name = c.req.param('collection') ?? '';
  if (!isContentCollection(name)) throw new Problem(404, 'adminContent.unknownCollection');
  return name;
};
/** An address that cannot be an entry's is one the desk does not hold. */
const slugParam = (c: Context<ApiEnv>): string => {
  const slug = c.req.param('slug') ?? '';
  if (slugProblem(slug)) throw new Problem(404, 'adminContent.entryNotFound');
  return slug;
};

/** Publishes now, or (another publish running) leaves it to the clock, which publishes after it (schedule.ts). */
const publishOrWait = (db: ShopDb, actor: StaffActor) =>
  startPublish(db, actor).catch((error: unknown) => {
    if (error instanceof Problem && error.status === 409) return null;
    throw error;
  });

/**
 * The editors' desk (issue 24), for members with content.manage: entries and their drafts, approving (now or at a
 * time), publishing the site and following it, rolling back, images for the text.
 */
export const adminContentRoutes = new Hono<ApiEnv>()
  .get(
    '/content/releases',
    documented('Published releases of the site, newest first', { 200: done('The releases.', Releases) }),
    requireStaff('content.manage'),
    async (c) => c.json({ data: await listReleases(c.get('db')) }),
  )
  .get(
    '/content/releases/:id',
    documented('A release and its log', { 200: done('The release.', Release), 404: missing('release') }),
    requireStaff('content.manage'),
    async (c) => {
      const release = await readRelease(c.get('db'), idParam(c, 'adminContent.entryNotFound'));
      if (!release) throw new Problem(404, 'adminContent.entryNotFound');
      return c.json({ data: release });
    },
  )
  .post(
    '/content/publish',
    documented('Publish the approved content (rebuild the site)', {
      202: done('Started: the site builds in the background.', Release),
      409: stale,
    }),
    requireStaff('content.manage'),
    async (c) => c.json({ data: await startPublish(c.get('db'), c.get('staff')) }, 202),
  )
  .post(
    '/content/rollback',
    documented('Go back to the previous release', {
      200: done('The release now live, or null: the version the servers started with.', AfterRollback),
      409: stale,
    }),
    requireStaff('content.manage'),
    async (c) => c.json({ data: await rollBack(c.get('db'), c.get('staff')) }),
  )
  // An image for an entry's text: the product photos' pipeline (checked by content, AVIF and WebP in three widths).
  .post(
    '/media/content',
    documented('Upload a content photo (multipart `photo`)', {
      201: done('The stored sizes.', StoredPhoto),
      413: refused('Larger than 5 MB.'),
      415: refused('Not a JPG, PNG or WebP photo.'),
      422: refused('No photo sent.'),
    }),
    requireStaff('content.manage'),
    photoBodyLimit,
    receivePhoto,
  )
  .get(
    '/content/:collection',
    documented("A content collection's entries with their drafts", {
      200: done('The entries.', ContentEntries),
      404: missing('collection'),
    }),
    requireStaff('content.manage'),
    async (c) => c.json({ data: await listDeskEntries(c.get('db'), collectionParam(c), c.get('locale')) }),
  )
  .get(
    '/content/:collection/:slug',
    documented('An entry: published text, draft, revisions', { 200: done('The entry.', ContentEntry), 404: missing('entry') }),
    requireStaff('content.manage'),
    async (c) => {
      const entry = await readDeskEntry(c.get('db'), collectionParam(c), slugParam(c));
      if (!entry) throw new Problem(404, 'adminContent.entryNotFound');
      return c.json({ data: entry });
    },
  )
  .put(
    '/content/:collection/:slug',
    documented('Save a draft', { 200: done('The entry.', SavedDraft), 404: missing('entry'), 409: stale }),
    requireStaff('content.manage'),
    validate('json', DraftSchema),
    async (c) => {
      const { content, was } = c.req.valid('json');
      return c.json({ data: await saveDraft(c.get('db'), collectionParam(c), slugParam(c), content, was, c.get('staff')) });
    },
  )
  .post(
    '/content/:collection/:slug/revisions/:id/restore',
    documented('Restore a revision as the draft', { 200: done('The entry.', SavedDraft), 404: missing('revision'), 409: stale }),
    requireStaff('content.manage'),
    async (c) =>
      c.json({
        data: await restoreRevision(
          c.get('db'),
          collectionParam(c),
          slugParam(c),
          idParam(c, 'adminContent.entryNotFound'),
          c.get('staff'),
        ),
      }),
  )
  .post(
    '/content/:collection/:slug/remove',
    documented('Remove an entry from the site (with a publish)', {
      201: done('The release, or waiting for one.', Removal),
      404: missing('entry'),
      409: stale,
    }),
    requireStaff('content.manage'),
    validate('json', RemoveSchema),
    async (c) => {
      const { content, publish } = c.req.valid('json');
      const db = c.get('db');
      await removeEntry(db, collectionParam(c), slugParam(c), content, c.get('staff'));
      const release = publish ? await publishOrWait(db, c.get('staff')) : null;
      return c.json({ data: { release, waiting: publish && !release } }, 201);
    },
  )
  .post(
    '/content/:collection/:slug/approve',
    documented('Approve the draft (published now or at a time)', {
      201: done('The approval and release.', Approval),
      404: missing('entry'),
      409: stale,
    }),
    requireStaff('content.manage'),
    validate('json', ApproveSchema),
    async (c) => {
      const { publishAt, publish } = c.req.valid('json');
      const db = c.get('db');
      const approved = await approveEntry(db, collectionParam(c), slugParam(c), publishAt, c.get('staff'));
      const release = publish && !publishAt ? await publishOrWait(db, c.get('staff')) : null;
      return c.json({ data: { ...approved, release, waiting: publish && !publishAt && !release } }, 201);
    },
  );
