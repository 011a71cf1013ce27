import type * as z from 'zod/mini';
import type { Env } from './env.ts';

/** Paymob's keys and the integration id of each method it carries (card, wallet, kiosk, valu, souhoola). */
export interface PaymobKeys {
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  baseUrl: string;
  integrations: Record<string, number>;
}

const PAYMOB_METHODS = ['card', 'wallet', 'kiosk', 'valu', 'souhoola'] as const;

/** Paymob's keys when all three are set, and what is wrong with them (half set, test and live mixed, bad ids). */
export function readPaymob(read: z.infer<typeof Env>): { keys: PaymobKeys | undefined; problems: string[] } {
  const named = {
    PAYMOB_SECRET_KEY: read.PAYMOB_SECRET_KEY,
    PAYMOB_PUBLIC_KEY: read.PAYMOB_PUBLIC_KEY,
    PAYMOB_HMAC_SECRET: read.PAYMOB_HMAC_SECRET,
  };
  const integrations: Record<string, number> = {};
  const problems: string[] = [];
  for (const method of PAYMOB_METHODS) {
    const raw = read[`PAYMOB_INTEGRATION_${method.toUpperCase()}` as 'PAYMOB_INTEGRATION_CARD'];
    if (!raw) continue;
    if (/^\d{1,12}$/.test(raw.trim())) integrations[method] = Number(raw.trim());
    else problems.push(`PAYMOB_INTEGRATION_${method.toUpperCase()} must be a Paymob integration id (digits), not "${raw}".`);
  }
  const missing = Object.entries(named)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  const anySet = missing.length < 3 || Object.keys(integrations).length > 0;
  if (!anySet) return { keys: undefined, problems };
  if (missing.length) problems.push(`Paymob is half configured: ${missing.join(', ')} missing.`);
  if (!Object.keys(integrations).length)
    problems.push('Paymob has no integration id: set PAYMOB_INTEGRATION_WALLET, _KIOSK, _CARD, _VALU or _SOUHOOLA.');
  // Paymob's keys say their mode (egy_sk_test_… / egy_sk_live_…): a test key beside a live one reaches nothing.
  const mode = (key: string | undefined) => /_(test|live)_/.exec(key ?? '')?.[1];
  const modes = new Set([mode(read.PAYMOB_SECRET_KEY), mode(read.PAYMOB_PUBLIC_KEY)].filter(Boolean));
  if (modes.size > 1) problems.push('PAYMOB_SECRET_KEY and PAYMOB_PUBLIC_KEY mix a test key with a live one.');
  if (missing.length || problems.length) return { keys: undefined, problems };
  return {
    keys: {
      secretKey: read.PAYMOB_SECRET_KEY!,
      publicKey: read.PAYMOB_PUBLIC_KEY!,
      hmacSecret: read.PAYMOB_HMAC_SECRET!,
      baseUrl: read.PAYMOB_BASE_URL.replace(/\/+$/, ''),
      integrations,
    },
    problems,
  };
}
