import type * as z from 'zod/mini';
import type { Env } from './env.ts';

/** The VAPID keys that sign the shop's Web Push requests (RFC 8292), and who the push services may write to. */
export interface PushConfig {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or an https URL: the push service's contact for this sender. */
  subject: string;
  /** Whether these are the demo's public keys (never in production). */
  demo: boolean;
}

/** A demo's VAPID key pair: public, so anyone could sign as a demo shop; production never falls back to it. */
const DEMO_VAPID = {
  publicKey: 'BDicIlbvk3q3aZG_NuSaXjlb070PVvam3qd-pOQQxAfMbToohzmVYJ9FTTKGdF5_2b5KGls0FO6iAKaKugd_zBY',
  privateKey: 'u-0s5JxjhU9UFWxmVSjjAS612C-q9gg6rppyDwiAS5o',
};

/** The keys when all are set (or, outside production, none: the demo's), and what is wrong otherwise. */
export function readPush(read: z.infer<typeof Env>, production: boolean): { push: PushConfig | undefined; problems: string[] } {
  const named = { VAPID_PUBLIC_KEY: read.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: read.VAPID_PRIVATE_KEY };
  const missing = Object.entries(named)
    .filter(([, value]) => !value?.trim())
    .map(([name]) => name);
  const subject = read.VAPID_SUBJECT?.trim() || 'mailto:shop@bean-bazaar.example';
  if (missing.length === 2) return { push: production ? undefined : { ...DEMO_VAPID, subject, demo: true }, problems: [] };
  if (missing.length) return { push: undefined, problems: [`Web Push is half configured: ${missing.join(', ')} missing.`] };
  const problems: string[] = [];
  // Base64url of an uncompressed P-256 point (65 bytes) and of a 32-byte private key.
  if (!/^[A-Za-z0-9_-]{87}$/.test(read.VAPID_PUBLIC_KEY!)) problems.push('VAPID_PUBLIC_KEY is not a base64url P-256 public key.');
  if (!/^[A-Za-z0-9_-]{43}$/.test(read.VAPID_PRIVATE_KEY!))
    problems.push('VAPID_PRIVATE_KEY is not a base64url P-256 private key.');
  if (!/^(mailto:.+|https:\/\/.+)$/.test(subject)) problems.push('VAPID_SUBJECT must be a mailto: address or an https URL.');
  if (production && !read.VAPID_SUBJECT?.trim()) problems.push('VAPID_SUBJECT is not set: push services need a contact.');
  return {
    push: problems.length
      ? undefined
      : { publicKey: read.VAPID_PUBLIC_KEY!, privateKey: read.VAPID_PRIVATE_KEY!, subject, demo: false },
    problems,
  };
}
