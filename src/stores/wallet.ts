/** $wallet: the shopper's wallet (GET /wallet): the balance and the latest movements; read again when money moves. */
import type { WalletView } from '#lib/orders/views.ts';
import { dataStore } from './shopper-data.ts';

const wallet = dataStore<WalletView>('/wallet');
export const $wallet = wallet.$store;
/** Money moved (an order cancelled to the wallet): the balance is read again where it shows. */
export const walletChanged = wallet.invalidate;
