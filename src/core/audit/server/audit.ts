import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import type { AuditAction } from '../audit-actions.ts';
import type { DeskActor } from '../../actors/server/actors.ts';

export interface AuditEntry {
  /** What was done, `<domain>.<verb>`: one of AUDIT_ACTIONS (src/core/audit/audit-actions.ts), named in both dictionaries. */
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
 * A seller member (decision 031): their writes and sign-ins are recorded with `staff_id` null, the role as
 * `seller:<role>`, and the seller and member in columns of their own (migration 031), so no seller member is ever
 * mistaken for the staff member with the same number. `id` and `sellerId` are null for an e-mail that names nobody.
 */
export interface SellerAuditActor {
  side: 'seller';
  id: number | null;
  sellerId: number | null;
  email: string;
  role: string;
  clientAddress: string;
}

type Actor = DeskActor | AuditActor | SellerAuditActor;
const isSeller = (actor: Actor | null): actor is SellerAuditActor => actor !== null && 'side' in actor;

/**
 * Appends to the audit log inside the caller's transaction, so a write and its record land together or not at all.
 * The table refuses updates and deletes (migration 014's triggers): nobody edits the trail, the owner only reads it.
 */
export async function recordAudit(trx: ShopDb, actor: Actor | null, entry: AuditEntry): Promise<void> {
  const seller = isSeller(actor) ? actor : null;
  await trx
    .insertInto('audit_log')
    .values({
      staff_id: seller ? null : (actor?.id ?? null),
      staff_role: seller ? `seller:${seller.role}` : (actor?.role ?? 'system'),
      seller_id: seller?.sellerId ?? null,
      seller_member_id: seller?.id ?? null,
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
