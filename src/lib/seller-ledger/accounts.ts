/**
 * The ledger's accounts (decision 030). Each entry names one and a debit or a credit; every transaction's debits
 * equal its credits. A seller's accounts are liabilities (what the marketplace owes them): credit increases them.
 */
export const LEDGER_ACCOUNTS = [
  /** Owed to the seller, still within the return window. */
  'seller_pending',
  /** Owed to the seller and payable now (may go below zero: a refund after release is a debt, never a payout). */
  'seller_available',
  /** The marketplace's commission. */
  'commission_revenue',
  /**
   * Cash on delivery the marketplace's couriers collected for the goods (an asset until remitted): credited when the
   * order's cash comes in (`cash_received`).
   */
  'cod_with_couriers',
  /** Prepaid goods: what the payment provider owes the marketplace. */
  'provider_receivable',
  /** Money handed back to the shopper for goods returned after delivery. */
  'shopper_refunds',
  /** The marketplace's bank account: payouts leave it. */
  'bank',
  /**
   * The goods' cash of delivered cash-on-delivery orders the marketplace has received: a courier's remittance counted
   * on the desk, or a company's settlement. Not `bank`: desk cash is not yet banked, a company transfers its
   * collection less its fee, and neither transfer is recorded here (decision 030 › Cash received).
   */
  'cash_received',
  /** Corrections with a reason, the marketplace's side. */
  'adjustments',
  /**
   * The marketplace's promotion expense: the coupons it funds. Debited by a delivered line's share of the order's
   * coupon (the cash or the provider's money is that much less, the seller's share and the commission are not);
   * credited back when the line is returned.
   */
  'marketplace_promotions',
  /**
   * What the marketplace holds for shoppers in their wallets (a liability; only its moves through goods are booked
   * here): debited by a delivered line's share of the wallet part that paid for the goods (the wallet pays the
   * delivery fee first, `walletPartOfGoods`), so the collecting account holds only what was collected; credited
   * back by that share when the line is returned.
   */
  'shopper_wallet',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const SELLER_ACCOUNTS = ['seller_pending', 'seller_available'] as const satisfies readonly LedgerAccount[];

export const LEDGER_KINDS = ['sale', 'reversal', 'release', 'payout', 'adjustment', 'cod_received'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const PAYOUT_METHODS = ['bank_transfer', 'instapay', 'wallet'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** One side of a transaction. */
export interface LedgerLeg {
  account: LedgerAccount;
  sellerId: number | null;
  debit: number;
  credit: number;
}

/** True when the legs balance (debits = credits), each is a whole non-negative amount on one side only. */
export function balanced(legs: readonly LedgerLeg[]): boolean {
  let net = 0;
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.debit) || !Number.isSafeInteger(leg.credit)) return false;
    if (leg.debit < 0 || leg.credit < 0 || (leg.debit > 0 && leg.credit > 0)) return false;
    net += leg.debit - leg.credit;
  }
  return net === 0;
}

/** A leg moving `amount` (signed) into an account that grows by credits: positive credits it, negative debits it. */
export const creditLeg = (account: LedgerAccount, sellerId: number | null, amount: number): LedgerLeg =>
  amount >= 0 ? { account, sellerId, debit: 0, credit: amount } : { account, sellerId, debit: -amount, credit: 0 };

/** The opposite leg. */
export const debitLeg = (account: LedgerAccount, sellerId: number | null, amount: number): LedgerLeg =>
  amount >= 0 ? { account, sellerId, debit: amount, credit: 0 } : { account, sellerId, debit: 0, credit: -amount };
