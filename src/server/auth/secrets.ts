import { createHash, randomBytes, randomInt } from 'node:crypto';

/** SHA-256 hex: refresh tokens and codes are stored only as hashes (ASVS 5.0 V7.2.1 / V6.6.2). */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A 256-bit random token, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** A uniformly random 6-digit code (leading zeros allowed). */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const isoNow = (): string => new Date().toISOString();
export const isoIn = (seconds: number): string => new Date(Date.now() + seconds * 1000).toISOString();
