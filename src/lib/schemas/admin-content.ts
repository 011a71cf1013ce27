import * as z from 'zod/mini';

/**
 * The editors' desk's calls (issue 24). A draft is whatever the editor typed (checked only when approved, against the
 * collection's schema); sizes are bounded so a draft cannot fill the database.
 */
const text = z.string().check(z.maxLength(20_000));
const side = z.object({
  data: z.record(z.string().check(z.regex(/^[A-Za-z]{1,40}$/)), text),
  body: z.string().check(z.maxLength(200_000)),
});

export const DraftSchema = z.object({
  content: z.object({ en: side, ar: side }),
  /** The updatedAt the editor's copy started from; null for a new entry. */
  was: z.nullable(z.string().check(z.maxLength(40))),
});

/** Approve for the site: from now (`publish` then starts a publish at once), or from a chosen instant. */
export const ApproveSchema = z.object({
  publishAt: z._default(z.nullable(z.iso.datetime({ offset: true })), null),
  publish: z._default(z.boolean(), false),
});

/** Take an entry off the site; `content` is the working copy when the desk does not hold the entry yet (a file's). */
export const RemoveSchema = z.object({
  content: z.object({ en: side, ar: side }),
  publish: z._default(z.boolean(), true),
});
