import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Engine } from './connection.ts';
import type { MigrationContext } from './migration-context.ts';
import * as catalog from './migrations/001-catalog.ts';
import * as contactPartners from './migrations/002-contact-partners.ts';
import * as accounts from './migrations/003-accounts.ts';
import * as auth from './migrations/004-auth.ts';
import * as cartsWishlists from './migrations/008-carts-wishlists.ts';
import * as orders from './migrations/005-orders.ts';
import * as payments from './migrations/009-payments.ts';
import * as limitsAndRefunds from './migrations/012-limits-and-refunds.ts';
import * as shopperPathIndexes from './migrations/013-shopper-path-indexes.ts';
import * as backOffice from './migrations/014-back-office.ts';
import * as categoryDefiniteNames from './migrations/015-category-definite-names.ts';
import * as refundPayouts from './migrations/016-refund-payouts.ts';
import * as cashDashboard from './migrations/017-cash-dashboard.ts';
import * as partnerDecisions from './migrations/018-partner-decisions.ts';
import * as stockMovements from './migrations/019-stock-movements.ts';
import * as productImageAlts from './migrations/020-product-image-alts.ts';
import * as sellerStatus from './migrations/021-seller-status.ts';
import * as productHidden from './migrations/022-product-hidden.ts';
import * as contentDesk from './migrations/023-content-desk.ts';
import * as terminalAndShortRemittances from './migrations/024-terminal-and-short-remittances.ts';
import * as staffSecrets from './migrations/025-staff-secrets.ts';
import * as messaging from './migrations/026-messaging.ts';
import * as courierDeliveries from './migrations/027-courier-deliveries.ts';
import * as courierReturnPickups from './migrations/034-courier-return-pickups.ts';
import * as paymobFawry from './migrations/028-paymob-fawry.ts';
import * as sellerAccounts from './migrations/031-seller-accounts.ts';
import * as webhookEvents from './migrations/033-webhook-events.ts';
import * as paymentReconciliation from './migrations/032-payment-reconciliation.ts';
import * as pushSubscriptions from './migrations/029-push-subscriptions.ts';
import * as sellerLedger from './migrations/030-seller-ledger.ts';
import * as sellerCatalog from './migrations/035-seller-catalog.ts';
import * as orderParts from './migrations/036-order-parts.ts';
import * as reviews from './migrations/037-reviews.ts';
import * as reportIndexes from './migrations/038-report-indexes.ts';
import * as reviewExtras from './migrations/039-review-extras.ts';
import * as reportSummaries from './migrations/040-report-summaries.ts';
import * as searchDocuments from './migrations/041-search-documents.ts';
import * as kioskNameInArabic from './migrations/042-kiosk-name-in-arabic.ts';
import * as sellerRatingTotals from './migrations/043-seller-rating-totals.ts';
import * as reportSections from './migrations/044-report-sections.ts';
import * as customerDaySlots from './migrations/045-customer-day-slots.ts';
import * as reconciliationClaims from './migrations/046-reconciliation-claims.ts';
import * as summariesCaughtUp from './migrations/047-summaries-caught-up.ts';

type PortableMigration = { up: (db: Kysely<unknown>, ctx: MigrationContext) => Promise<void> };

/** Ordered by name; append new files, never edit an applied one. */
const migrations: Record<string, PortableMigration> = {
  '001-catalog': catalog,
  '002-contact-partners': contactPartners,
  '003-accounts': accounts,
  '004-auth': auth,
  '005-orders': orders,
  '008-carts-wishlists': cartsWishlists,
  '009-payments': payments,
  '012-limits-and-refunds': limitsAndRefunds,
  '013-shopper-path-indexes': shopperPathIndexes,
  '014-back-office': backOffice,
  '015-category-definite-names': categoryDefiniteNames,
  '016-refund-payouts': refundPayouts,
  '017-cash-dashboard': cashDashboard,
  '018-partner-decisions': partnerDecisions,
  '019-stock-movements': stockMovements,
  '020-product-image-alts': productImageAlts,
  '021-seller-status': sellerStatus,
  '022-product-hidden': productHidden,
  '023-content-desk': contentDesk,
  '024-terminal-and-short-remittances': terminalAndShortRemittances,
  '025-staff-secrets': staffSecrets,
  '026-messaging': messaging,
  '027-courier-deliveries': courierDeliveries,
  '028-paymob-fawry': paymobFawry,
  '031-seller-accounts': sellerAccounts,
  '034-courier-return-pickups': courierReturnPickups,
  '033-webhook-events': webhookEvents,
  '032-payment-reconciliation': paymentReconciliation,
  '029-push-subscriptions': pushSubscriptions,
  '030-seller-ledger': sellerLedger,
  '035-seller-catalog': sellerCatalog,
  '036-order-parts': orderParts,
  '037-reviews': reviews,
  '038-report-indexes': reportIndexes,
  '039-review-extras': reviewExtras,
  '040-report-summaries': reportSummaries,
  '041-search-documents': searchDocuments,
  '042-kiosk-name-in-arabic': kioskNameInArabic,
  '043-seller-rating-totals': sellerRatingTotals,
  '044-report-sections': reportSections,
  '045-customer-day-slots': customerDaySlots,
  '046-reconciliation-claims': reconciliationClaims,
  '047-summaries-caught-up': summariesCaughtUp,
};

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const ctx: MigrationContext =
    engine === 'postgres'
      ? { engine, idType: 'serial', id: (c) => c.primaryKey() }
      : { engine, idType: 'integer', id: (c) => c.primaryKey().autoIncrement() };
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(migrations).map(([name, m]): [string, Migration] => [name, { up: (d) => m.up(d, ctx) }])),
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}
