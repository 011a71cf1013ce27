/**
 * The web client's side of decision 007: the access token lives only in this module's memory; the refresh
 * token is an HttpOnly cookie the page never sees. Every page load asks /api/auth/refresh once (when a
 * non-secret hint says someone logged in here), serialized across tabs with the Web Locks API so two tabs never
 * present the same refresh token (which the server would treat as reuse and revoke).
 */
import type { Locale } from '#i18n/locales.ts';
import { apiFetch } from './api-client.ts';
import { $session, provideAccessToken, setSession, type SessionUser } from '#stores/session.ts';

export interface ApiUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  avatar: string | null;
}

interface SessionData {
  access_token: string;
  expires_in: number;
  user: ApiUser | null;
}

/** Not a secret: only whether this browser had a session, so guests never wait for a refresh call. */
const HINT_KEY = 'bb_session';
const CHANNEL = 'bb-session';
let token: { value: string; expiresAt: number } | null = null;
let inflight: Promise<string | null> | null = null;

export const toSessionUser = (u: ApiUser): SessionUser => ({
  id: u.id,
  firstName: u.first_name,
  lastName: u.last_name,
  email: u.email,
  phone: u.phone,
  avatar: u.avatar,
});

const channel = (): BroadcastChannel | null => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL));

/** Stores what login, code confirmation or refresh answered and tells the page (and the other tabs). */
export function adoptSession(data: SessionData, announce = true): void {
  token = { value: data.access_token, expiresAt: Date.now() + (data.expires_in - 30) * 1000 };
  localStorage.setItem(HINT_KEY, '1');
  if (data.user) setSession(toSessionUser(data.user));
  if (announce) channel()?.postMessage('login');
}

function dropSession(announce: boolean): void {
  token = null;
  localStorage.removeItem(HINT_KEY);
  setSession(null);
  if (announce) channel()?.postMessage('logout');
}

async function callRefresh(): Promise<string | null> {
  // The refresh token travels in its HttpOnly cookie; a network failure keeps what we have.
  const res = await apiFetch<{ data: SessionData }>('/auth/refresh', { method: 'POST', body: {} }).catch(() => null);
  if (!res) return token?.value ?? null;
  if (!res.ok) {
    dropSession(false);
    return null;
  }
  adoptSession(res.body.data, false);
  return res.body.data.access_token;
}

/** A fresh access token via the cookie; one refresh at a time across all tabs of this browser. */
export function refreshSession(): Promise<string | null> {
  inflight ??= (async () => {
    try {
      if (typeof navigator !== 'undefined' && 'locks' in navigator) {
        return await navigator.locks.request('bb-refresh', () => callRefresh());
      }
      return await callRefresh();
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

async function currentToken(): Promise<string | null> {
  if (token && token.expiresAt > Date.now()) return token.value;
  if ($session.get().status === 'guest') return null;
  return refreshSession();
}

let booted = false;

/** Runs once per page: installs the token provider and settles $session to 'user' or 'guest'. */
export function bootSession(): void {
  if (booted || typeof window === 'undefined') return;
  booted = true;
  provideAccessToken(currentToken, refreshSession);
  // CSS hooks for server-rendered bits that differ for guests and shoppers (e.g. the mobile menu's login link).
  // Islands that exist only for shoppers (navbar account menu, wishlist hearts) wake on SESSION_USER_EVENT, sent by
  // src/scripts/account-sync.ts, so guests never run React for them.
  $session.subscribe(({ status }) => (document.documentElement.dataset['session'] = status));
  const bc = channel();
  if (bc) {
    bc.onmessage = (event) => {
      if (event.data === 'logout') dropSession(false);
      else if (event.data === 'login' && $session.get().status !== 'user') void refreshSession();
    };
  }
  if (localStorage.getItem(HINT_KEY)) void refreshSession();
  else setSession(null);
}

/** Logout (spec section 4): revoke on the server, forget the tokens; the caller resets cart and wishlist. */
export async function logoutSession(locale: Locale): Promise<void> {
  await apiFetch('/auth/logout', { locale, method: 'POST', body: {} }).catch(() => null);
  dropSession(true);
}
