/**
 * $addresses: the shopper's address book, one list for every island on the page (the address book and the
 * checkout's address step read the same store, so they always agree). Each change is sent through the API client
 * and the list it answers with (the API answers every address change with the fresh list) replaces the store's.
 * $governorates: the governorates an address may name (public, kept across sign-outs).
 */
import { shopperFetch, type ApiResult } from '#lib/api-client.ts';
import type { AddressView, GovernorateTerms } from '#lib/orders/views.ts';
import { dataStore } from './shopper-data.ts';

const addresses = dataStore<AddressView[]>('/addresses');
export const $addresses = addresses.$store;
export const reloadAddresses = addresses.reload;

const governorates = dataStore<GovernorateTerms[]>('/governorates', { anyone: true });
export const $governorates = governorates.$store;

/** The address form's fields as the API takes them (src/lib/schemas/account.ts checks them on the server). */
export type AddressInput = Record<string, unknown>;

type Change = Promise<ApiResult<{ data: AddressView[] }> | null>;

/** Sends one change; the answer's list becomes the store's. The caller reads the answer for its messages. */
async function change(path: string, method: string, body?: AddressInput): Change {
  const res = await shopperFetch<{ data: AddressView[] }>(path, { method, ...(body ? { body } : {}) });
  if (res?.ok) addresses.set(res.body.data);
  return res;
}

/** Adds an address (id null) or saves the one with this id. */
export const saveAddress = (id: number | null, body: AddressInput): Change =>
  id === null ? change('/addresses', 'POST', body) : change(`/addresses/${id}`, 'PUT', body);

export const removeAddress = (id: number): Change => change(`/addresses/${id}`, 'DELETE');

/** The server keeps exactly one primary address: the others lose the flag. */
export const makePrimaryAddress = (id: number): Change => change(`/addresses/${id}/primary`, 'POST');
