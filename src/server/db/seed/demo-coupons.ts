import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The coupons the demo offers advertise (src/content/offers/*: GRIND15, COLD20, KANAKA), valid over the offer's own
 * dates (the end is exclusive: the whole last day counts). The build refuses an offer whose code is missing here or
 * in a real shop's coupons table (src/server/content/offer-codes.ts), so an advertised code always works.
 */
export const demoCoupons = [
  // Grinder week: 15% off.
  {
    code: 'GRIND15',
    kind: 'percent',
    value: 15,
    min_subtotal: 0,
    starts_at: '2026-11-15T00:00:00.000Z',
    ends_at: '2027-01-16T00:00:00.000Z',
  },
  // Summer cold brew: 20% off (ended; its offer page stays).
  {
    code: 'COLD20',
    kind: 'percent',
    value: 20,
    min_subtotal: 0,
    starts_at: '2026-06-01T00:00:00.000Z',
    ends_at: '2026-10-01T00:00:00.000Z',
  },
  // Turkish coffee bundle: the kanaka's price (EGP 120) off an order of at least EGP 300.
  {
    code: 'KANAKA',
    kind: 'fixed',
    value: 12_000,
    min_subtotal: 30_000,
    starts_at: '2026-11-20T00:00:00.000Z',
    ends_at: '2027-03-01T00:00:00.000Z',
  },
] as const;

/** Adds the demo coupons (with the demo catalog, to an empty shop). */
export async function seedDemoCoupons(db: Kysely<Database>, now = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('coupons')
    .values(demoCoupons.map((c) => ({ ...c, created_at: now })))
    .execute();
}
