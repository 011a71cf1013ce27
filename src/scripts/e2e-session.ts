/**
 * Journeys only, until the accounts work (issue 9) supplies real logins: a build made with PUBLIC_E2E_SESSION=1
 * takes the session a journey put on `window.__e2eSession` (see tests/e2e/login.ts). Other builds drop this code.
 */
import { provideAccessToken, setSession, type SessionUser } from '../stores/session.ts';

declare global {
  interface Window {
    __e2eSession?: { user: SessionUser; token: string } | null;
  }
}

export function installE2eSession(): void {
  if (import.meta.env['PUBLIC_E2E_SESSION'] !== '1') return;
  const given = window.__e2eSession;
  if (!given) {
    setSession(null);
    return;
  }
  provideAccessToken(async () => given.token);
  setSession(given.user);
}
