import type { Dictionary } from '#i18n/en.ts';

/** The texts the orders list and its bulk move share. */
export interface OrdersTableText {
  list: Dictionary['adminOrders']['list'];
  moves: Dictionary['adminOrders']['order']['moves'];
  reason: string;
  chooseCourier: string;
  sortBy: string;
}
