import type { Generated } from 'kysely';

/** Row types of the sellers' money (migration 030, decision 030, docs/sellers.md › Money). */
export interface SellerLedgerTables {
  commission_rules: CommissionRuleTable;
  ledger_transactions: LedgerTransactionTable;
  ledger_entries: LedgerEntryTable;
  seller_commission_lines: SellerCommissionLineTable;
  seller_payouts: SellerPayoutTable;
  seller_finance: SellerFinanceTable;
}

export interface CommissionRuleTable {
  id: Generated<number>;
  /** marketplace | category:<id> | seller:<id> | seller:<id>:category:<id> */
  scope: string;
  seller_id: number | null;
  category_id: number | null;
  /** percent | flat */
  kind: string;
  /** Basis points of the line's amount (1000 = 10 %). */
  rate_bp: number | null;
  /** Piastres per line, for a percent rule. */
  min_fee: number | null;
  max_fee: number | null;
  /** Piastres per line, for a flat rule. */
  flat_fee: number | null;
  updated_by: number | null;
  updated_at: string;
}

export interface LedgerTransactionTable {
  id: Generated<number>;
  /** sale | reversal | release | payout | adjustment | cod_received (src/lib/seller-ledger/accounts.ts) */
  kind: string;
  seller_id: number;
  order_id: number | null;
  /** Unique: what the transaction is for ('sale:line:12', 'payout:<key>'), so nothing is written twice. */
  source_key: string;
  memo: string | null;
  staff_id: number | null;
  available_at: string | null;
  created_at: string;
}

export interface LedgerEntryTable {
  id: Generated<number>;
  transaction_id: number;
  /** src/lib/seller-ledger/accounts.ts */
  account: string;
  seller_id: number | null;
  debit: Generated<number>;
  credit: Generated<number>;
  created_at: string;
}

export interface SellerCommissionLineTable {
  id: Generated<number>;
  order_id: number;
  order_line_id: number;
  seller_id: number;
  /** sale | reversal */
  kind: string;
  gross: number;
  commission: number;
  seller_share: number;
  rule_scope: string;
  transaction_id: number;
  created_at: string;
}

export interface SellerPayoutTable {
  id: Generated<number>;
  seller_id: number;
  transaction_id: number;
  amount: number;
  /** bank_transfer | instapay | wallet */
  method: string;
  reference: string;
  idempotency_key: string;
  staff_id: number | null;
  created_at: string;
}

export interface SellerFinanceTable {
  seller_id: number;
  payouts_suspended: Generated<number>;
  suspend_reason: string | null;
  writes: Generated<number>;
  updated_by: number | null;
  updated_at: string;
}
