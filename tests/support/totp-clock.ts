import { afterEach, vi } from 'vitest';

/**
 * The clock of a test file that signs members in with authenticator codes (staff and sellers): each TOTP step is
 * accepted once per member, so `nextStep()` moves Date to the next 30-second step; real time is back after each test.
 */
export function totpClock(): () => void {
  const started = Date.now();
  let shift = 0;
  afterEach(() => {
    vi.useRealTimers();
  });
  return () => {
    shift += 30_000;
    vi.useFakeTimers({ toFake: ['Date'], now: started + shift });
  };
}
