import { PAYOUT_METHODS, type LedgerKind, type PayoutMethod } from './accounts.ts';

/**
 * A payout's memo in the ledger: its method's code and the bank's or wallet's reference, as finance typed it. Kept
 * language-free in the ledger (a statement is read in either language); statementDetails names the method for the
 * reader.
 */
export const payoutMemo = (method: PayoutMethod, reference: string): string => `${method} ${reference}`;

/** A statement line's details in the reader's language: a payout names its method; other memos read as written. */
export function statementDetails(kind: LedgerKind, memo: string | null, methods: Readonly<Record<PayoutMethod, string>>): string {
  if (memo === null) return '';
  if (kind !== 'payout') return memo;
  const [code = '', ...rest] = memo.split(' ');
  const method = PAYOUT_METHODS.find((m) => m === code);
  return method ? [methods[method], rest.join(' ')].filter(Boolean).join(' · ') : memo;
}
