/**
 * The sellers' money, server side (issue 40 items 5–7, decision 030, docs/sellers.md › Money): what the desk's
 * routes and the seller portal call, always with the seller's id (the portal passes its own seller's only).
 */
export { sellerBalances, balancesOf } from './balances.ts';
export { sellerStatement, statementLines, type StatementPeriod } from './statement.ts';
export { statementPeriod, statementPeriodOf } from './period.ts';
export {
  recordPayout,
  recordAdjustment,
  setPayoutsSuspended,
  sellerPayouts,
  type PayoutInput,
  type PayoutView,
} from './payouts.ts';
export { commissionRules, removeCommissionRule, saveCommissionRule, type CommissionRuleInput } from './rules.ts';
export { recordDeliveredSales, reverseDeliveredLines } from './sales.ts';
export { releaseDueShares, watchSellerReleases } from './release.ts';
export { returnDeliveredLines } from './returns.ts';
export { recordCodReceived } from './cod-received.ts';
