import { count, fields, flag, id, listOf, named, nullable, nullableText, text, when } from '#server/api/openapi/answer-fields.ts';

/** The editors' desk's answers, as its islands read them (issue 49: documented and checked like the shop's). */
export const Release = named(
  'DeskRelease',
  fields({
    id,
    status: text,
    stage: nullableText,
    message: nullableText,
    startedBy: nullable(id),
    startedAt: when,
    finishedAt: nullableText,
    entries: count,
  }),
);

export const Releases = listOf(Release);

export const ContentEntries = listOf(
  fields({ id, slug: text, title: text, state: text, publishAt: nullableText, updatedAt: when }),
);

export const ContentEntry = named(
  'DeskContentEntry',
  fields({
    id,
    collection: text,
    slug: text,
    draft: fields({ en: fields({}), ar: fields({}) }),
    state: text,
    updatedAt: when,
    revisions: listOf(fields({ id, publishAt: when, createdAt: when, withdrawnAt: nullableText, live: flag })),
  }),
);

/** A saved or restored draft: its new version, to send back with the next save. */
export const SavedDraft = fields({ updatedAt: when });

export const Approval = fields({ revisionId: id, publishAt: when, release: nullable(Release), waiting: flag });

export const Removal = fields({ release: nullable(Release), waiting: flag });

/** The release live after a rollback, or null when the site went back to the version the servers started with. */
export const AfterRollback = nullable(Release);
