import type { ShopDb } from '#server/db/index.ts';

export interface AuditFilter {
  action?: string | undefined;
  staff?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  /** Inclusive days, YYYY-MM-DD (UTC). */
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
}

export interface AuditRow {
  id: number;
  at: string;
  staffEmail: string;
  staffRole: string;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  clientAddress: string;
}

export const AUDIT_PAGE_SIZE = 50;

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

/** The audit log, newest first, filtered and paged (the owner's page; each order's own trail uses the subject filter). */
export async function readAuditLog(db: ShopDb, filter: AuditFilter): Promise<{ rows: AuditRow[]; total: number; page: number }> {
  let query = db.selectFrom('audit_log');
  if (filter.action) query = query.where('action', 'like', `${filter.action.replace(/[%_]/g, '')}%`);
  if (filter.staff) query = query.where('staff_email', '=', filter.staff.trim().toLowerCase());
  if (filter.subjectType) query = query.where('subject_type', '=', filter.subjectType);
  if (filter.subjectId) query = query.where('subject_id', '=', filter.subjectId);
  if (filter.from) query = query.where('created_at', '>=', `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where('created_at', '<=', `${filter.to}T23:59:59.999Z`);
  const page = filter.page ?? 1;
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    page,
    total: Number(count.n),
    rows: rows.map((r) => ({
      id: r.id,
      at: r.created_at,
      staffEmail: r.staff_email,
      staffRole: r.staff_role,
      action: r.action,
      subjectType: r.subject_type,
      subjectId: r.subject_id,
      before: parse(r.before_json),
      after: parse(r.after_json),
      reason: r.reason,
      clientAddress: r.client_address,
    })),
  };
}
