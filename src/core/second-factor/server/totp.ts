import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { en } from '#i18n/en.ts';

/**
 * The staff's second factor: RFC 6238 time-based codes (30 s, 6 digits, SHA-1 — what every authenticator app reads
 * from an otpauth:// QR code), accepted one step either side for clock drift, and never twice (the caller keeps the
 * last step used).
 */
const PERIOD = 30;

const totpFor = (secret: string, email = 'staff') =>
  new TOTP({
    issuer: en.site.name,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What an authenticator app scans: the otpauth:// address, and the same as a QR code (SVG markup). */
export function enrolment(secret: string, email: string): { uri: string; qrSvg: string } {
  const uri = totpFor(secret, email).toString();
  return { uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/**
 * The time step a code belongs to, or null when it is wrong or was already used (a step at or before `lastStep`).
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The current code of a secret (the CLI's `--print-code` for a first sign-in on the server, and the tests). */
export const currentCode = (secret: string, now = Date.now()): string => totpFor(secret).generate({ timestamp: now });
