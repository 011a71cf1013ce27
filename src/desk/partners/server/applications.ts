import type { ApplicationFileView, ApplicationPage, ApplicationView } from '../partner-views.ts';
import { APPLICATION_STATUSES, type ApplicationStatus } from '#lib/schemas/admin-partners.ts';
import type { ShopDb } from '#server/db/index.ts';
import { toInt } from '#server/db/values.ts';

/** Partner applications in the desk (issue 23): the brands that applied at /become-partner, by status, newest first. */
export const APPLICATIONS_PER_PAGE = 25;

const statusOf = (value: string): ApplicationStatus =>
  (APPLICATION_STATUSES as readonly string[]).includes(value) ? (value as ApplicationStatus) : 'received';

/** One page of the applications in a status, with how many each status holds (the tabs). */
export async function listApplications(db: ShopDb, status: ApplicationStatus, page: number): Promise<ApplicationPage> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('partner_applications as a')
      .select([
        'a.id',
        'a.brand_name',
        'a.email',
        'a.mobile',
        'a.status',
        'a.created_at',
        (eb) =>
          eb
            .selectFrom('partner_application_files as f')
            .select((f) => f.fn.countAll<string | number>().as('n'))
            .whereRef('f.application_id', '=', 'a.id')
            .as('files'),
      ])
      .where('a.status', '=', status)
      .orderBy('a.id', 'desc')
      .limit(APPLICATIONS_PER_PAGE)
      .offset((page - 1) * APPLICATIONS_PER_PAGE)
      .execute(),
    db
      .selectFrom('partner_applications')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('status')
      .execute(),
  ]);
  const perStatus = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<ApplicationStatus, number>;
  for (const c of counts) perStatus[statusOf(c.status)] += toInt(c.n);
  return {
    rows: rows.map((r) => ({ ...r, status: statusOf(r.status), files: toInt(r.files) })),
    status,
    page,
    pages: Math.max(1, Math.ceil(perStatus[status] / APPLICATIONS_PER_PAGE)),
    counts: perStatus,
  };
}

/** An application with its documents (names and sizes; the bytes only through readApplicationFile) and decision. */
export async function readApplication(db: ShopDb, id: number): Promise<ApplicationView | null> {
  const row = await db
    .selectFrom('partner_applications as a')
    .leftJoin('staff as s', 's.id', 'a.decided_by')
    .selectAll('a')
    .select('s.name as decider')
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const files = await db
    .selectFrom('partner_application_files')
    .select(['id', 'kind', 'original_name', 'mime', 'size'])
    .where('application_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    id: row.id,
    brand_name: row.brand_name,
    company_description: row.company_description,
    email: row.email,
    mobile: row.mobile,
    locale: row.locale,
    status: statusOf(row.status),
    created_at: row.created_at,
    files: files.map((f): ApplicationFileView => ({ id: f.id, kind: f.kind, name: f.original_name, mime: f.mime, size: f.size })),
    decided_at: row.decided_at,
    decided_by: row.decider,
    decision_reason: row.decision_reason,
    seller_id: row.seller_id,
  };
}

/** Where one of an application's documents is stored, or null when it is not one of that application's. */
export async function applicationFile(
  db: ShopDb,
  applicationId: number,
  fileId: number,
): Promise<{ storedName: string; name: string; mime: string; size: number } | null> {
  const row = await db
    .selectFrom('partner_application_files')
    .select(['stored_name', 'original_name', 'mime', 'size'])
    .where('id', '=', fileId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return row ? { storedName: row.stored_name, name: row.original_name, mime: row.mime, size: row.size } : null;
}
