import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { refused } from '#server/api/openapi/describe.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { Problem } from '#server/problem.ts';
import { done } from '#server/api/openapi/desk-docs.ts';
import type { ImportReport } from '../catalog-csv.ts';
import { CsvImportReport } from './catalog-answers.ts';

/** A products CSV (multipart `file`), at most 10 MB: the desk's catalogue import and a seller's own. */
export const csvBodyLimit = bodyLimit({
  maxSize: 10 * 1024 * 1024 + 64 * 1024,
  onError: () => {
    throw new Problem(413, 'adminCatalog.csvTooLarge');
  },
});

/** What a products CSV import answers, for its route's documentation. */
export const csvImportResponses = {
  200: done('What was created, changed and refused per row.', CsvImportReport),
  413: refused('The file is too large.'),
  422: refused('No file, or rows refused (nothing written).'),
};

/**
 * The one way a products CSV comes in: `dry_run=0` writes (all or nothing), anything else reports row by row what
 * would happen. `importer` is the wing's own import (whose products, which actor).
 */
export function receiveCsv(importer: (c: Context<ApiEnv>, text: string, dryRun: boolean) => Promise<ImportReport>) {
  return async (c: Context<ApiEnv>) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body['file'];
    if (!(file instanceof File) || file.size === 0) throw new Problem(422, 'adminCatalog.csvMissing');
    const dryRun = body['dry_run'] !== '0';
    const report = await importer(c, await file.text(), dryRun);
    // A write refused by a row (or a file it cannot read) wrote nothing: the refusal carries the report of which and why.
    if (!dryRun && (report.refused || report.fileProblem)) {
      throw new Problem(422, 'adminCatalog.importRefused', { values: { count: report.refused }, detail: { report } });
    }
    return c.json({ data: report });
  };
}
