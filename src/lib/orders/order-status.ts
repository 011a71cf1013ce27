/**
 * The order state machine (docs/orders.md, docs/back-office.md). Pure: the services and the CLI ask it before every
 * change.
 *
 *   PENDING ─▶ PLACED ─▶ ACCEPT ─▶ PREPARE ─▶ READY_TO_SHIP ─▶ WITH_COURIER ─▶ DELIVERED
 *      │          │         │         │            │     ▲          │
 *      │          │         │         │            │     └──────────┤ failed delivery, rescheduled
 *      └──────────┴─────────┴─────────┴────────────┴──▶ CANCELED ◀──┘ returned to origin
 *
 * Every way into CANCELED gives the stock and the money back. The shopper may cancel only before PREPARE; staff may
 * cancel until the courier has it, and a failed delivery either goes back to the shelf or returns (decision 016).
 */
export const ORDER_STATUSES = [
  'PENDING',
  'PLACED',
  'ACCEPT',
  'PREPARE',
  'READY_TO_SHIP',
  'WITH_COURIER',
  'DELIVERED',
  'CANCELED',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

const next: Record<OrderStatus, readonly OrderStatus[]> = {
  // PENDING waits for an online payment (payments issue); cash on delivery and wallet orders start PLACED.
  PENDING: ['PLACED', 'CANCELED'],
  PLACED: ['ACCEPT', 'CANCELED'],
  ACCEPT: ['PREPARE', 'CANCELED'],
  PREPARE: ['READY_TO_SHIP', 'CANCELED'],
  READY_TO_SHIP: ['WITH_COURIER', 'CANCELED'],
  WITH_COURIER: ['DELIVERED', 'READY_TO_SHIP', 'CANCELED'],
  DELIVERED: [],
  CANCELED: [],
};

export const isOrderStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/** The statuses an order may move to from `from`. */
export const nextStatuses = (from: OrderStatus): readonly OrderStatus[] => next[from];

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean => next[from].includes(to);

/**
 * The moves an operator (the CLI, the back office) may make: all but PENDING → PLACED, which only a verified payment
 * makes (an online order placed by hand would ship unpaid, and its payment would then be owed back as an extra one:
 * the lifecycle property test found it).
 */
export const operatorNextStatuses = (from: OrderStatus): readonly OrderStatus[] =>
  next[from].filter((to) => !(from === 'PENDING' && to === 'PLACED'));

/** Statuses from which the shopper may still cancel: before anyone started preparing the order. */
export const CANCELLABLE: readonly OrderStatus[] = ['PENDING', 'PLACED', 'ACCEPT'];

export const isCancellable = (status: OrderStatus): boolean => CANCELLABLE.includes(status);
