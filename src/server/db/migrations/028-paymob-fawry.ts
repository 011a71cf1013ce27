import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Egypt's own payment rails (issue 39, docs/payments.md): Paymob's mobile wallets and kiosk reference codes, and
 * Fawry's own "pay at Fawry" reference codes, as methods (data, like the others: an operator may move `card` to Paymob by setting its gateway to `paymob` and its
 * gateway_code to `card`), and what a payment must keep to be refunded, shown and reconciled:
 * - `provider_txn`: the provider's transaction id (Paymob `obj.id`), which its refund and void APIs take;
 * - `bill_reference` / `expires_at`: a kiosk payment's code the shopper pays in cash, and until when its stock is held;
 * - `provider_payload`: the last verified notification as it arrived (the raw proof of what the provider said);
 * - `checked_at`: when reconciliation last asked the provider about a payment still pending;
 * - `cancelled_at`: when an unpaid reference of a cancelled order was cancelled at its provider (Fawry).
 */
export async function up(untyped: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the tables as they were then
  const db = untyped as Kysely<any>;
  for (const column of ['provider_txn', 'bill_reference', 'expires_at', 'provider_payload', 'checked_at', 'cancelled_at'])
    await db.schema.alterTable('payments').addColumn(column, 'text').execute();
  await db.schema.createIndex('payments_pending').on('payments').columns(['status', 'created_at']).execute();
  await db
    .insertInto('payment_methods')
    .values([
      {
        code: 'mobile_wallet',
        name_en: 'Mobile wallet (Vodafone Cash, Orange Cash, e& money, WE Pay)',
        name_ar: 'محفظة الموبايل (فودافون كاش، أورنج كاش، e& money، WE Pay)',
        kind: 'online',
        gateway: 'paymob',
        gateway_code: 'wallet',
        position: 8,
        min_total: null,
      },
      {
        code: 'kiosk',
        name_en: 'Cash at Fawry, Aman or Masary (payment code)',
        name_ar: 'كاش في فوري أو أمان أو مصاري (كود دفع)',
        kind: 'online',
        gateway: 'paymob',
        gateway_code: 'kiosk',
        position: 9,
        min_total: null,
      },
      {
        code: 'fawry',
        name_en: 'Pay at Fawry (reference code)',
        name_ar: 'الدفع في فوري (كود الدفع)',
        kind: 'online',
        gateway: 'fawry',
        gateway_code: 'PAYATFAWRY',
        position: 10,
        min_total: null,
      },
    ])
    .execute();
}
