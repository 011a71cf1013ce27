import { expect, test } from 'vitest';
import { en } from '#i18n/en.ts';
import { ar } from '#i18n/ar.ts';
import { payoutMemo, statementDetails } from './statement-memo.ts';

test('a payout line names its method in the reader’s language, with the reference as typed', () => {
  const memo = payoutMemo('bank_transfer', 'IPN-778812');
  expect(statementDetails('payout', memo, en.sellerLedger.methods)).toBe('Bank transfer · IPN-778812');
  expect(statementDetails('payout', memo, ar.sellerLedger.methods)).toBe('تحويل بنكي · IPN-778812');
  expect(statementDetails('payout', payoutMemo('wallet', 'WAL 12 34'), en.sellerLedger.methods)).toBe(
    'Mobile wallet · WAL 12 34',
  );
});

test('other lines read as written, even when their reason starts like a method; no memo is no text', () => {
  expect(statementDetails('adjustment', 'instapay fee refunded', en.sellerLedger.methods)).toBe('instapay fee refunded');
  expect(statementDetails('payout', 'cheque 19', en.sellerLedger.methods)).toBe('cheque 19');
  expect(statementDetails('sale', null, en.sellerLedger.methods)).toBe('');
});
