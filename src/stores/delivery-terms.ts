/** $deliveryTerms: the governorates' delivery fees and days and the free-delivery threshold (public, read once a page). */
import type { DeliveryTermsView } from '#lib/orders/views.ts';
import { dataStore } from './shopper-data.ts';

export const $deliveryTerms = dataStore<DeliveryTermsView>('/delivery-terms', { anyone: true }).$store;
