/**
 * A seller's part of an order (issue 40 item 4, docs/sellers.md "Orders"): the seller accepts it, prepares it and marks
 * it ready for the marketplace's courier to pick up. A part whose every line went (out of stock), or whose order was
 * cancelled, is cancelled. Pure: the portal shows the actions a state allows, the server asks before each change.
 *
 *   new ─▶ accepted ─▶ ready
 *    └────────┴─────────────▶ cancelled
 */
export const PART_STATUSES = ['new', 'accepted', 'ready', 'cancelled'] as const;
export type PartStatus = (typeof PART_STATUSES)[number];

const next: Record<PartStatus, readonly PartStatus[]> = {
  new: ['accepted', 'cancelled'],
  accepted: ['ready', 'cancelled'],
  ready: ['cancelled'],
  cancelled: [],
};

export const isPartStatus = (value: string): value is PartStatus => (PART_STATUSES as readonly string[]).includes(value);
export const canMovePart = (from: PartStatus, to: PartStatus): boolean => next[from].includes(to);

/** The parts whose lines a seller may still cancel as out of stock: before they are handed over. */
export const PART_LINES_CANCELLABLE: readonly PartStatus[] = ['new', 'accepted'];

/** Whether the seller has something to do on a part (accept it, mark it ready, a line out of stock): before hand-over. */
export const sellerMayAct = (status: PartStatus): boolean => PART_LINES_CANCELLABLE.includes(status);
