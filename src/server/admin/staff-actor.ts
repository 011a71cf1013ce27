import type { StaffRole } from '../../lib/admin/permissions.ts';

/** The signed-in staff member a write is made by (the audit log's "who"), with the address the request came from. */
export interface StaffActor {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  clientAddress: string;
}

/** How an order event names staff: `staff:<id>` (the timeline resolves the name). */
export const staffActorTag = (actor: Pick<StaffActor, 'id'>): string => `staff:${actor.id}`;

/** The staff id an actor tag names, or null for shopper, payment, system. */
export const staffIdOfActor = (actor: string): number | null => (actor.startsWith('staff:') ? Number(actor.slice(6)) : null);
