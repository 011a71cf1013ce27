import type { ShopDb } from '../db/index.ts';
import { isoNow } from '../auth/secrets.ts';
import type { AuditAction } from '../../lib/admin/audit-actions.ts';
import type { DeskActor } from './staff-actor.ts';

export interface AuditEntry {
  /** What was done, `<domain>.<verb>`: one of AUDIT_ACTIONS (src/lib/admin/audit-actions.ts), named in both dictionaries. */
  action: AuditAction;
  subject: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Who an entry is by: a signed-in member (StaffActor), or for sign-in events the member an e-mail names (`id` null
 * and `role` `unknown` when it names nobody), with the address the request came from.
 */
export interface AuditActor {
  id: number | null;
  email: string;
  role: string;
  clientAddress: string;
}

/**
 * Appends to the audit log inside the caller's transaction, so a write and its record land together or not at all.
 * The table refuses updates and deletes (migration 014's triggers): nobody edits the trail, the owner only reads it.
 */
export async function recordAudit(trx: ShopDb, actor: DeskActor | AuditActor | null, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      staff_id: actor?.id ?? null,
      staff_role: actor?.role ?? 'system',
      staff_email: actor?.email ?? 'cli',
      action: entry.action,
      subject_type: entry.subject.type,
      subject_id: String(entry.subject.id),
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
      client_address: actor?.clientAddress ?? 'cli',
      created_at: isoNow(),
    })
    .execute();
}
