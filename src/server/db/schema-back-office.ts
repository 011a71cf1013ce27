import type { Generated } from 'kysely';

/** Row types of the back office's tables (migration 014, docs/back-office.md). */
export interface BackOfficeTables {
  staff: StaffTable;
  staff_invites: StaffInviteTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_sessions: StaffSessionTable;
  audit_log: AuditLogTable;
  seller_members: SellerMemberTable;
  seller_invites: SellerInviteTable;
  seller_recovery_codes: SellerRecoveryCodeTable;
  seller_sessions: SellerSessionTable;
  order_calls: OrderCallTable;
  order_notes: OrderNoteTable;
  delivery_failures: DeliveryFailureTable;
  couriers: CourierTable;
  remittances: RemittanceTable;
  remittance_orders: RemittanceOrderTable;
  courier_deliveries: CourierDeliveryTable;
  courier_return_pickups: CourierReturnPickupTable;
  payment_reconciliations: PaymentReconciliationTable;
  payment_mismatches: PaymentMismatchTable;
  content_entries: ContentEntryTable;
  content_revisions: ContentRevisionTable;
  content_releases: ContentReleaseTable;
  product_changes: ProductChangeTable;
}

export interface StaffTable {
  id: Generated<number>;
  /** Lowercased. */
  email: string;
  name: string;
  role: string;
  password_hash: string | null;
  /** Sealed with AES-256-GCM under STAFF_SECRET_KEY (migration 025, src/server/auth/secret-box.ts). */
  totp_secret: string | null;
  totp_last_step: number | null;
  /** invited | active | disabled */
  status: string;
  invited_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface StaffInviteTable {
  token_hash: string;
  staff_id: number;
  expires_at: string;
  used_at: string | null;
}

export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  staff_id: number;
  /** HMAC-SHA256 with a salt of its own: `h1.<key id>.<salt>.<mac>` (src/core/second-factor/server/recovery-codes.ts). */
  code_hash: string;
  used_at: string | null;
}

export interface StaffSessionTable {
  token_hash: string;
  staff_id: number;
  /** password | enrol | verified */
  stage: string;
  /** Sealed (src/server/auth/secret-box.ts), like staff.totp_secret. */
  pending_secret: string | null;
  /** What the member's list of sessions names it by (migration 025); the token's hash never leaves the server. */
  public_id: string;
  /** The browser that opened it (User-Agent, cut to 300 characters). */
  user_agent: string | null;
  client_address: string;
  created_at: string;
  last_seen_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  staff_id: number | null;
  staff_role: string;
  staff_email: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  client_address: string;
  created_at: string;
  /** Set when a seller member acted (migration 031): the seller, and the member (staff_id is then null). */
  seller_id: number | null;
  seller_member_id: number | null;
}

/** The seller portal's accounts (migration 031): the staff's shapes, `member_id` where staff say `staff_id`. */
export interface SellerMemberTable extends StaffTable {
  seller_id: number;
}
export type SellerInviteTable = Omit<StaffInviteTable, 'staff_id'> & { member_id: number };
export type SellerRecoveryCodeTable = Omit<StaffRecoveryCodeTable, 'staff_id'> & { member_id: number };
export type SellerSessionTable = Omit<StaffSessionTable, 'staff_id'> & { member_id: number };

export interface OrderCallTable {
  id: Generated<number>;
  order_id: number;
  staff_id: number;
  /** confirmed | no_answer | wrong_number | refused | call_back */
  outcome: string;
  call_back_at: string | null;
  note: string | null;
  created_at: string;
}

export interface OrderNoteTable {
  id: Generated<number>;
  order_id: number;
  staff_id: number;
  body: string;
  created_at: string;
}

export interface DeliveryFailureTable {
  id: Generated<number>;
  order_id: number;
  /** Null when recorded from the terminal (`npm run order`; the audit log names who ran it). */
  staff_id: number | null;
  reason: string;
  /** reschedule | return */
  outcome: string;
  created_at: string;
}

export interface CourierTable {
  id: Generated<number>;
  name: string;
  phone: string;
  active: Generated<number>;
  /** The API company this courier row stands for (`bosta`, `sandbox`; migration 027), else null. */
  company: Generated<string | null>;
  created_at: string;
}

/** A courier company's return pickup of a delivered order (issue 38, migration 034); one per order. */
export interface CourierReturnPickupTable {
  id: Generated<number>;
  order_id: number;
  company: string;
  /** Null while the company is being asked (the row is the booking's claim). */
  tracking_number: string | null;
  provider_id: string | null;
  state_code: Generated<number>;
  /** A CourierStep of the pickup (created → picked_up → … → delivered back to the shop). */
  step: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A delivery created at a courier company (issue 38, migration 027). */
export interface CourierDeliveryTable {
  id: Generated<number>;
  order_id: number;
  courier_id: number;
  company: string;
  /** Null while the company is being asked (the row is the hand-over's claim on the order). */
  tracking_number: string | null;
  provider_id: string | null;
  state_code: Generated<number>;
  /** A CourierStep (src/lib/couriers/courier-steps.ts). */
  step: Generated<string>;
  attempts: Generated<number>;
  /** Failed attempts already applied to the order. */
  failures_recorded: Generated<number>;
  /** Piastres the company collects. */
  cod: Generated<number>;
  /** 1 until the delivery is cancelled; one open delivery per order. */
  open: Generated<number>;
  collected: number | null;
  fee: number | null;
  settlement_ref: string | null;
  created_at: string;
  updated_at: string;
}

export interface RemittanceTable {
  id: Generated<number>;
  courier_id: number;
  /** Piastres counted. */
  amount: number;
  /** The chosen orders' cash (migration 024; equal to `amount` before it). */
  orders_total: Generated<number>;
  /** The part of a shortfall written off by finance (never owed again). */
  written_off: Generated<number>;
  write_off_reason: string | null;
  staff_id: number;
  note: string | null;
  created_at: string;
}

export interface RemittanceOrderTable {
  remittance_id: number;
  order_id: number;
  amount: number;
}

/** The editors' desk (migration 023, decision 019). `*_json` hold a `DeskContent` (src/lib/content/desk-content.ts). */
export interface ContentEntryTable {
  id: Generated<number>;
  collection: string;
  slug: string;
  draft_json: string;
  created_by: number | null;
  created_at: string;
  updated_by: number | null;
  updated_at: string;
}

export interface ContentRevisionTable {
  id: Generated<number>;
  entry_id: number;
  content_json: string;
  /** ISO instant the revision goes live from (now, or a scheduled time). */
  publish_at: string;
  created_by: number | null;
  created_at: string;
  /** Set when a rollback took the release that published it back. */
  withdrawn_at: string | null;
}

export interface ContentReleaseTable {
  id: Generated<number>;
  /** building | live | failed | rolled_back */
  status: string;
  running: number | null;
  /** `{ [entryId]: revisionId }`: what this publish built from the desk. */
  snapshot_json: string;
  build_id: string | null;
  stage: string | null;
  message: string | null;
  started_by: number | null;
  started_at: string;
  finished_at: string | null;
}

/** One provider's run of the daily reconciliation report for a Cairo day (migration 032). */
export interface PaymentReconciliationTable {
  id: Generated<number>;
  /** The Cairo day, YYYY-MM-DD. */
  day: string;
  provider: string;
  checked: number;
  mismatches: number;
  unreachable: number;
  /** When the run started, then when it was last heard of (each payment asked about), then when it finished. */
  ran_at: string;
  /** The run holding the row (migration 046): a run not finished and not heard of for a while is taken over. */
  claim: string | null;
  finished_at: string | null;
}

/** A payment whose provider's record differs from ours, found by that day's report (migration 032). */
export interface PaymentMismatchTable {
  id: Generated<number>;
  day: string;
  provider: string;
  payment_id: number;
  order_id: number;
  tran_ref: string;
  /** paid_there | refunded_there | amount_differs | not_paid_there */
  kind: string;
  their_amount: number | null;
  our_amount: number | null;
  their_refunded: number | null;
  our_refunded: number | null;
  /** The provider's outcome (paid, pending, declined, cancelled) and our payment's status. */
  their_status: string;
  our_status: string;
}

/** A seller's catalog change waiting for staff, or decided (migration 035, docs/sellers.md "Catalog"). */
export interface ProductChangeTable {
  id: Generated<number>;
  product_id: number;
  seller_id: number;
  /** create | edit */
  kind: string;
  /** pending | approved | rejected */
  status: string;
  before_json: string;
  proposed_json: string;
  /** The seller member who proposed it. */
  submitted_by: number;
  submitted_at: string;
  /** The staff member who decided. */
  decided_by: number | null;
  decided_at: string | null;
  reason: string | null;
}
