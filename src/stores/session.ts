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

type TokenProvider = () => Promise<string | null>;
let tokenProvider: TokenProvider | null = null;
let tokenRenewer: TokenProvider = async () => null;
let installed: (provider: TokenProvider) => void = () => undefined;
// An island may hydrate before the page's boot script has installed the provider (both are module scripts, in no
// fixed order): its first call waits for it instead of taking the shopper for a guest and sending them to login.
const ready = new Promise<TokenProvider>((resolve) => (installed = resolve));

/** The bearer token for the next API call, or null for a guest. */
export const accessToken = async (): Promise<string | null> => (tokenProvider ?? (await ready))();

/** A new access token after the API refused the current one (401), or null when the session has ended. */
export const renewAccessToken = (): Promise<string | null> => tokenRenewer();

/** Installed by the accounts code: how to obtain a valid access token, and how to renew one the API refused. */
export function provideAccessToken(provider: TokenProvider, renew: TokenProvider = async () => null): void {
  tokenProvider = provider;
  tokenRenewer = renew;
  installed(provider);
}

/** Moves the page to a known state: a logged-in shopper, or a guest. */
export function setSession(user: SessionUser | null): void {
  $session.set({ status: user ? 'user' : 'guest', user });
}
