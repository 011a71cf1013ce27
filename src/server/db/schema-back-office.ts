import type { Generated } from 'kysely';

/** Row types of the back office's tables (migration 014, docs/back-office.md). */
export interface BackOfficeTables {
  staff: StaffTable;
  staff_invites: StaffInviteTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_sessions: StaffSessionTable;
  audit_log: AuditLogTable;
  order_calls: OrderCallTable;
  order_notes: OrderNoteTable;
  delivery_failures: DeliveryFailureTable;
  couriers: CourierTable;
  remittances: RemittanceTable;
  remittance_orders: RemittanceOrderTable;
}

export interface StaffTable {
  id: Generated<number>;
  /** Lowercased. */
  email: string;
  name: string;
  role: string;
  password_hash: string | null;
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
  code_hash: string;
  used_at: string | null;
}

export interface StaffSessionTable {
  token_hash: string;
  staff_id: number;
  /** password | enrol | verified */
  stage: string;
  pending_secret: string | null;
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
}

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
  staff_id: number;
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
  created_at: string;
}

export interface RemittanceTable {
  id: Generated<number>;
  courier_id: number;
  amount: number;
  staff_id: number;
  note: string | null;
  created_at: string;
}

export interface RemittanceOrderTable {
  remittance_id: number;
  order_id: number;
  amount: number;
}
