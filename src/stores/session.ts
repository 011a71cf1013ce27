/**
 * $session: who is shopping (spec section 4, auth). CONTRACT shared by every island; the accounts work (issue 9)
 * fills in how tokens are obtained, refreshed and kept (see its decision record). Until then everyone is a guest.
 *
 * - `status`: 'unknown' until the page knows (the first refresh answered), then 'guest' or 'user'.
 * - `user`: what the navbar and forms show; never a secret.
 * - `accessToken()`: the current bearer token for API calls, refreshed when needed; null for a guest.
 */
import { atom } from 'nanostores';

export interface SessionUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** E.164 */
  phone: string;
  avatar: string | null;
}

export interface SessionState {
  status: 'unknown' | 'guest' | 'user';
  user: SessionUser | null;
}

export const $session = atom<SessionState>({ status: 'unknown', user: null });

let tokenProvider: () => Promise<string | null> = async () => null;

/** The bearer token for the next API call, or null for a guest. */
export const accessToken = (): Promise<string | null> => tokenProvider();

/** Installed by the accounts code: how to obtain a valid access token. */
export function provideAccessToken(provider: () => Promise<string | null>): void {
  tokenProvider = provider;
}

/** Moves the page to a known state: a logged-in shopper, or a guest. */
export function setSession(user: SessionUser | null): void {
  $session.set({ status: user ? 'user' : 'guest', user });
}
