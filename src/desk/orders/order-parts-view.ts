import type { PartStatus } from '#lib/orders/part-status.ts';

/** A seller's part as the desk's order page draws it (server/order-parts.ts loads it). */
export interface DeskPart {
  id: number;
  seller: { id: number; en: string; ar: string };
  status: PartStatus;
  lines: number;
}
