import { hostname, userInfo } from 'node:os';
import type { StaffRole } from '../../permissions/permissions.ts';

/** The signed-in staff member a write is made by (the audit log's "who"), with the address the request came from. */
export interface StaffActor {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  clientAddress: string;
}

/**
 * Someone working in a terminal on the server (`npm run order`): not a staff account, so no id; the audit log records
 * role `system`, e-mail `terminal`, and who ran the command on which machine as the client address (`terminal:<user>@<host>`).
 */
export interface TerminalActor {
  id: null;
  email: 'terminal';
  name: string;
  role: 'system';
  clientAddress: string;
}

/**
 * A courier company whose tracking moved an order (issue 38): no staff account; the audit log records role `system`,
 * e-mail and client address `courier:<company>`, and the order's events name `courier:<company>`.
 */
export interface CourierCompanyActor {
  id: null;
  email: `courier:${string}`;
  name: string;
  role: 'system';
  clientAddress: `courier:${string}`;
}

export const courierCompanyActor = (company: string, name = company): CourierCompanyActor => ({
  id: null,
  email: `courier:${company}`,
  name,
  role: 'system',
  clientAddress: `courier:${company}`,
});

/**
 * The shopper answering on a messaging channel (issue 37): their quick reply moves the order through the desk's mover,
 * audited as role `system`, e-mail the channel, and the number it came from as the client address.
 */
export interface ShopperChannelActor {
  id: null;
  email: 'whatsapp' | 'sms';
  name: string;
  role: 'system';
  clientAddress: string;
}

/**
 * Who moves an order through the desk's services: a staff member, the terminal, a courier company's tracking, or the
 * shopper by a reply.
 */
export type DeskActor = StaffActor | TerminalActor | CourierCompanyActor | ShopperChannelActor;

/** The shopper replying from `phone` on `channel`. */
export const shopperChannelActor = (channel: 'whatsapp' | 'sms', phone: string): ShopperChannelActor => ({
  id: null,
  email: channel,
  name: `shopper (${channel})`,
  role: 'system',
  clientAddress: `${channel}:${phone}`,
});

/** The terminal actor for the system user running this process (or `user` when given). */
export function terminalActor(user?: string): TerminalActor {
  let who = user;
  if (!who) {
    try {
      who = userInfo().username;
    } catch {
      who = 'unknown';
    }
  }
  return {
    id: null,
    email: 'terminal',
    name: `terminal (${who})`,
    role: 'system',
    clientAddress: `terminal:${who}@${hostname()}`,
  };
}

/** How an order event names staff: `staff:<id>` (the timeline resolves the name). */
export const staffActorTag = (actor: Pick<StaffActor, 'id'>): string => `staff:${actor.id}`;

/**
 * How an order event names a desk actor: `staff:<id>`, `terminal:<user>` for the terminal, `courier:<company>`,
 * `shopper:<channel>` for a reply (the number stays in the audit log, out of the timeline).
 */
export const deskActorTag = (actor: DeskActor): string =>
  actor.id !== null
    ? staffActorTag(actor)
    : actor.email === 'whatsapp' || actor.email === 'sms'
      ? `shopper:${actor.email}`
      : actor.clientAddress.replace(/@.*$/, '');

/** The staff id an actor tag names, or null for shopper, payment, system, terminal. */
export const staffIdOfActor = (actor: string): number | null => (actor.startsWith('staff:') ? Number(actor.slice(6)) : null);
