import type { ShopDb } from '../db/index.ts';
import type { CourierCompany } from './courier-company.ts';

/**
 * A notice about one of our return pickups (type 25): re-read as any notice, its step recorded on the booking; the
 * order does not move (the parcel coming back is the desk's to receive).
 */
export async function returnPickupNotice(
  db: ShopDb,
  company: CourierCompany,
  trackingNumber: string,
  stateCode: number,
): Promise<'moved' | 'unchanged' | 'contradicted' | 'unknown'> {
  const pickup = await db
    .selectFrom('courier_return_pickups')
    .select(['id', 'state_code'])
    .where('company', '=', company.name)
    .where('tracking_number', '=', trackingNumber)
    .executeTakeFirst();
  if (!pickup) return 'unknown';
  const fresh = await company.track(trackingNumber);
  if (fresh.stateCode !== stateCode) return 'contradicted';
  if (fresh.stateCode === pickup.state_code) return 'unchanged';
  await db
    .updateTable('courier_return_pickups')
    .set({ state_code: fresh.stateCode, step: fresh.step, updated_at: new Date().toISOString() })
    .where('id', '=', pickup.id)
    .execute();
  return 'moved';
}
