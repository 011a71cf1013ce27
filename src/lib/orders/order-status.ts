/**
 * The order state machine (docs/orders.md). Pure: the services and the CLI ask it before every change.
 *
 *   PENDING ─▶ PLACED ─▶ ACCEPT ─▶ PREPARE ─▶ READY_TO_SHIP ─▶ WITH_COURIER ─▶ DELIVERED
 *      │          │         │
 *      └──────────┴─────────┴──▶ CANCELED   (only before PREPARE: stock and wallet are given back)
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
  PREPARE: ['READY_TO_SHIP'],
  READY_TO_SHIP: ['WITH_COURIER'],
  WITH_COURIER: ['DELIVERED'],
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

/** Statuses from which the shopper (or the CLI) may still cancel. */
export const CANCELLABLE: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => canTransition(s, 'CANCELED'));

export const isCancellable = (status: OrderStatus): boolean => CANCELLABLE.includes(status);

export const isFinal = (status: OrderStatus): boolean => next[status].length === 0;
