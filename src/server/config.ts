import { resolve } from 'node:path';
import * as z from 'zod/mini';
import type { Locale } from '../i18n/locales.ts';

/**
 * The server's configuration, read from the environment and checked in one place. Two modes (issue 19):
 * - demo (anything but NODE_ENV=production): `npm start` on a fresh clone; embedded database, sandbox payments,
 *   SMS codes in the outbox (and the log), the public origin taken from HOST and PORT. Said loudly at start.
 * - production (NODE_ENV=production): the start is refused while anything a public shop must not run with is set
 *   or missing (`productionProblems`).
 * Read on each call (it is cheap), so a test that changes process.env sees its change.
 */
const text = z.optional(z.string());
const textOr = (fallback: string) => z._default(z.string(), fallback);
const numberOr = (fallback: number, ...checks: z.core.$ZodCheck<number>[]) =>
  z._default(z.coerce.number().check(...checks), fallback);
/** Every variable the server reads (the README's configuration table lists each; tests/architecture checks both). */
export const Env = z.object({
  NODE_ENV: text,
  HOST: textOr('127.0.0.1'),
  PORT: numberOr(4321, z.int(), z.minimum(0), z.maximum(65535)),
  SITE_URL: z.optional(z.string().check(z.trim())),
  ALLOWED_HOSTS: text,
  TRUST_PROXY: text,
  DATABASE_URL: text,
  DATABASE_PATH: textOr('./data/shop.sqlite'),
  DIST_DIR: textOr('dist'),
  BUILDS_DIR: textOr('builds'),
  FOLLOW_PUBLISH: text,
  UPLOADS_DIR: textOr('./data/uploads'),
  UPLOADS_QUOTA_MB: numberOr(2048, z.positive()),
  BACKUP_DIR: textOr('./backups'),
  BACKUP_KEEP: numberOr(7, z.int(), z.minimum(1)),
  BACKUP_EVERY_HOURS: numberOr(0, z.minimum(0)),
  CATALOG_CHECK_MS: numberOr(15_000),
  CATALOG_COALESCE_MS: numberOr(1000),
  RENDER_CACHE_MB: numberOr(64, z.positive()),
  SEARCH_REFRESH_MS: numberOr(5 * 60_000, z.positive()),
  SEARCH_AT_START: text,
  AUTH_TOKEN_SECRET: text,
  STAFF_SECRET_KEY: text,
  STAFF_SECRET_KEYS_OLD: text,
  SMS_PROVIDER: text,
  SMS_OUTBOX_QUIET: text,
  TWILIO_ACCOUNT_SID: text,
  TWILIO_AUTH_TOKEN: text,
  TWILIO_FROM: text,
  TWILIO_MESSAGING_SERVICE_SID: text,
  TWILIO_API_BASE: text,
  PAYTABS_PROFILE_ID: text,
  PAYTABS_SERVER_KEY: text,
  PAYTABS_BASE_URL: textOr('https://secure-egypt.paytabs.com'),
  OPAY_MERCHANT_ID: text,
  OPAY_PUBLIC_KEY: text,
  OPAY_SECRET_KEY: text,
  OPAY_BASE_URL: textOr('https://api.opaycheckout.com'),
  PAYMOB_SECRET_KEY: text,
  PAYMOB_PUBLIC_KEY: text,
  PAYMOB_HMAC_SECRET: text,
  PAYMOB_BASE_URL: textOr('https://accept.paymob.com'),
  PAYMOB_INTEGRATION_CARD: text,
  PAYMOB_INTEGRATION_WALLET: text,
  PAYMOB_INTEGRATION_KIOSK: text,
  PAYMOB_INTEGRATION_VALU: text,
  PAYMOB_INTEGRATION_SOUHOOLA: text,
  FAWRY_MERCHANT_CODE: text,
  FAWRY_SECURITY_KEY: text,
  FAWRY_BASE_URL: textOr('https://www.atfawry.com'),
  KIOSK_PAYMENT_HOURS: numberOr(48, z.positive()),
  RECONCILE_AFTER_MINUTES: numberOr(15, z.positive()),
  PAYMENTS_SANDBOX: text,
  BOSTA_API_KEY: text,
  BOSTA_WEBHOOK_SECRET: text,
  BOSTA_BASE_URL: textOr('https://app.bosta.co/api/v2'),
  CHROMIUM_PATH: textOr('/usr/bin/chromium'),
  COURIER_SANDBOX: text,
  PAYMENT_TIMEOUT_MINUTES: numberOr(30),
  STAFF_IDLE_MINUTES: numberOr(30, z.positive()),
  COD_CALL_ATTEMPTS: numberOr(3, z.int(), z.minimum(1), z.maximum(20)),
  REMITTANCE_DUE_DAYS: numberOr(2, z.int(), z.minimum(1), z.maximum(60)),
  SELLER_RETURN_WINDOW_DAYS: numberOr(14, z.int(), z.minimum(0), z.maximum(90)),
  MESSAGING: text,
  WHATSAPP_TOKEN: text,
  WHATSAPP_PHONE_NUMBER_ID: text,
  WHATSAPP_APP_SECRET: text,
  WHATSAPP_VERIFY_TOKEN: text,
  WHATSAPP_API_VERSION: textOr('v21.0'),
  WHATSAPP_API_BASE: textOr('https://graph.facebook.com'),
  WHATSAPP_TEMPLATE_CONFIRM: text,
  WHATSAPP_TEMPLATE_WITH_COURIER: text,
  WHATSAPP_TEMPLATE_DELIVERED: text,
  WHATSAPP_TEMPLATE_FAILED_ATTEMPT: text,
  WHATSAPP_TEMPLATE_PAYMENT_CODE: text,
  WHATSAPP_TEMPLATE_WITH_COURIER_TRACKING: text,
  WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY: text,
  WHATSAPP_TEMPLATE_REFUND_PAID: text,
  WHATSAPP_LANGUAGE_EN: textOr('en'),
  WHATSAPP_LANGUAGE_AR: textOr('ar'),
  CONFIRMATION_REPLY_MINUTES: numberOr(60, z.positive()),
  MESSAGE_FALLBACK_MINUTES: numberOr(15, z.positive()),
  MESSAGE_SEND_MS: numberOr(3000, z.positive()),
  MESSAGE_CLAIM_SECONDS: numberOr(60, z.positive()),
  VAPID_PUBLIC_KEY: text,
  VAPID_PRIVATE_KEY: text,
  VAPID_SUBJECT: text,
  ENABLE_TEST_FAULTS: text,
  CONTENT_SCHEDULE: text,
  CONTENT_RELEASE: text,
  CONTENT_NOW: text,
  METRICS_PORT: numberOr(0, z.int(), z.minimum(0), z.maximum(65535)),
  METRICS_HOST: textOr('127.0.0.1'),
  METRICS_TOKEN: text,
  LOG_FORMAT: z._default(z.enum(['json', 'pretty']), 'json'),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
});

export interface ServerConfig {
  production: boolean;
  /** Scheme, host and port the public reaches the shop at: every URL we hand to a provider, SMS or e-mail. */
  publicOrigin: string;
  /** Host names (no port) the shop answers for; any other Host header gets a 400. */
  allowedHosts: ReadonlySet<string>;
  trustProxy: boolean;
  sandboxPayments: boolean;
  /** The sandbox courier company (issue 38): on in a demo unless COURIER_SANDBOX=0, off in production unless =1. */
  sandboxCourier: boolean;
  /** The headless Chromium that prints the shop's own documents to PDF (Arabic shaped): documents/print-to-pdf.ts. */
  chromiumPath: string;
  /** Bosta, when its API key and the webhook secret are both set. */
  bosta: { apiKey: string; webhookSecret: string; baseUrl: string } | undefined;
  /** SMS codes go to the outbox table (and, unless quiet, to the log) instead of a provider. */
  smsOutbox: boolean;
  smsEchoToLog: boolean;
  uploadsQuotaBytes: number;
  siteUrlSet: boolean;
  tokenSecretSet: boolean;
  testFaults: boolean;
  /** The token signing key when set (at least 32 characters: checked where it is used). */
  tokenSecret: string | undefined;
  /**
   * The key that encrypts staff TOTP secrets and keys the recovery codes' hashes (src/server/auth/secret-box.ts):
   * STAFF_SECRET_KEY (at least 32 characters), or in a demo a key derived from a fixed phrase, so a demo database
   * keeps working across restarts. `previous` are the keys it replaced, still read (STAFF_SECRET_KEYS_OLD).
   */
  staffSecretKey: { current: string; previous: string[]; set: boolean };
  database: { url: string | undefined; sqlitePath: string };
  /** Where the build is served from (`npm run build`), and where published builds and their pointer live. */
  distDir: string;
  buildsDir: string;
  followPublish: boolean;
  /** Each instance that follows publishes checks every minute for scheduled entries and offers starting or ending. */
  contentSchedule: boolean;
  /** Set by a publish from the desk for its build: which release's desk entries to build, judged at which instant. */
  contentRelease: number | undefined;
  /** Unset: judge by the clock at the time of reading (the config is cached; a Date here would stop the clock). */
  contentNow: Date | undefined;
  host: string;
  port: number;
  uploadsDir: string;
  /**
   * `npm run backup` (src/server/ops/backup/): where the timestamped backups of the embedded database and the uploads
   * go, how many are kept, and how often a serving instance takes one on its own (0: never).
   */
  backup: { dir: string; keep: number; everyHours: number };
  /** How often each instance compares the catalog fingerprint: 0.2 to 60 s. */
  catalogCheckMs: number;
  /** Announced catalog changes this close to the last new version wait and fold into the next one. */
  catalogCoalesceMs: number;
  renderCacheBytes: number;
  searchRefreshMs: number;
  searchAtStart: boolean;
  /** An unpaid online order gives its stock back after this long (at least a minute). */
  paymentTimeoutMs: number;
  /** A kiosk reference code holds the order's stock this long (KIOSK_PAYMENT_HOURS, default 48). */
  kioskPaymentMs: number;
  /** A payment still pending this long is asked about at its provider (RECONCILE_AFTER_MINUTES, default 15). */
  reconcileAfterMs: number;
  /** A staff session ends after this long without a request. */
  staffIdleMs: number;
  /** Failed confirmation calls after which a cash-on-delivery order is cancelled and its stock returned. */
  codCallAttempts: number;
  /** Days after delivery by which a courier should have remitted an order's cash. */
  remittanceDueDays: number;
  /** Days after delivery before a seller's share leaves pending for available (returns are taken back until then). */
  sellerReturnWindowDays: number;
  /**
   * The Prometheus endpoint (src/server/observability/metrics-server.ts): its own listener, never the shop's port;
   * off while `port` is 0. With a token, every scrape must send `Authorization: Bearer <token>`.
   */
  metrics: { port: number; host: string; token: string | undefined };
  /** One JSON line per event (pino); `pretty` writes short coloured lines for a person at a terminal. */
  log: { format: 'json' | 'pretty'; level: 'debug' | 'info' | 'warn' | 'error' | 'silent' };
  twilio: {
    accountSid: string;
    authToken: string;
    from?: string | undefined;
    messagingServiceSid?: string | undefined;
    baseUrl?: string | undefined;
  };
  /** Order messages (issue 37, docs/messaging.md). */
  messaging: MessagingConfig;
  /** Order updates as Web Push notifications (issue 41, decision 029): on when the VAPID keys are set (a demo's own). */
  push: PushConfig | undefined;
  /** What is wrong with the VAPID keys (half set, malformed): production refuses it. */
  pushProblems: string[];
  /** Live provider keys, when all of a provider's are set. */
  paytabs: { profileId: string; serverKey: string; baseUrl: string } | undefined;
  opay: { merchantId: string; publicKey: string; secretKey: string; baseUrl: string } | undefined;
  paymob: PaymobKeys | undefined;
  fawry: { merchantCode: string; securityKey: string; baseUrl: string } | undefined;
  /** What is missing or inconsistent in a provider's keys (a half-configured provider: production refuses it). */
  paymentKeyProblems: string[];
}

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
function readPaymob(read: z.infer<typeof Env>): { keys: PaymobKeys | undefined; problems: string[] } {
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

/** The WhatsApp templates the shop sends, each approved at Meta under a name (category utility). */
export const TEMPLATE_KINDS = [
  'confirm',
  'with_courier',
  'delivered',
  'failed_attempt',
  'payment_code',
  'with_courier_tracking',
  'out_for_delivery',
  'refund_paid',
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export interface MessagingConfig {
  /**
   * whatsapp: Meta's Cloud API (SMS as the fallback); demo: messages stay in the outbox and the desk's simulator
   * plays the shopper (the default outside production); off: none sent (the default in production).
   */
  mode: 'whatsapp' | 'demo' | 'off';
  whatsapp: {
    token: string;
    phoneNumberId: string;
    /** Signs the webhook posts (X-Hub-Signature-256); in a demo a public key the simulator signs with. */
    appSecret: string;
    verifyToken: string;
    apiVersion: string;
    baseUrl: string;
    templates: Record<TemplateKind, string>;
    /** Each template's language code exactly as approved (e.g. ar or ar_EG). */
    languages: Record<Locale, string>;
  };
  /** A confirmation unanswered this long puts the order in the call queue. */
  replyWindowMs: number;
  /** How often each instance looks for messages to send. */
  sendEveryMs: number;
  /**
   * How long a sender owns a claimed row: one that died mid-send (kill -9) leaves it to another after this. Longer
   * than a provider's answer can take, or a slow send would be sent twice.
   */
  claimMs: number;
  /** A WhatsApp confirmation sent but not delivered after this long goes again by SMS. */
  fallbackAfterMs: number;
}

/** The demo's webhook secret and verify token: public, so production refuses the demo mode. */
const DEMO_APP_SECRET = 'bean-bazaar-demo-whatsapp-app-secret';

const TEMPLATE_VARIABLES: Record<TemplateKind, keyof z.infer<typeof Env>> = {
  confirm: 'WHATSAPP_TEMPLATE_CONFIRM',
  with_courier: 'WHATSAPP_TEMPLATE_WITH_COURIER',
  delivered: 'WHATSAPP_TEMPLATE_DELIVERED',
  failed_attempt: 'WHATSAPP_TEMPLATE_FAILED_ATTEMPT',
  payment_code: 'WHATSAPP_TEMPLATE_PAYMENT_CODE',
  with_courier_tracking: 'WHATSAPP_TEMPLATE_WITH_COURIER_TRACKING',
  out_for_delivery: 'WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY',
  refund_paid: 'WHATSAPP_TEMPLATE_REFUND_PAID',
};
/** The names a demo uses, and the ones docs/messaging.md asks to register at Meta. */
const DEFAULT_TEMPLATES: Record<TemplateKind, string> = {
  confirm: 'cod_order_confirmation',
  with_courier: 'order_with_courier',
  delivered: 'order_delivered',
  failed_attempt: 'order_delivery_failed',
  payment_code: 'order_payment_code',
  with_courier_tracking: 'order_with_courier_tracking',
  out_for_delivery: 'order_out_for_delivery',
  refund_paid: 'order_refund_paid',
};

function readMessaging(read: z.infer<typeof Env>, production: boolean): MessagingConfig {
  const mode =
    read.MESSAGING === 'whatsapp' || read.MESSAGING === 'demo' || read.MESSAGING === 'off'
      ? read.MESSAGING
      : production
        ? 'off'
        : 'demo';
  const demo = mode === 'demo';
  const templates = Object.fromEntries(
    TEMPLATE_KINDS.map((kind) => [
      kind,
      (read[TEMPLATE_VARIABLES[kind]] as string | undefined) || (demo || !production ? DEFAULT_TEMPLATES[kind] : ''),
    ]),
  ) as Record<TemplateKind, string>;
  return {
    mode,
    whatsapp: {
      token: read.WHATSAPP_TOKEN ?? '',
      phoneNumberId: read.WHATSAPP_PHONE_NUMBER_ID ?? (demo ? 'demo' : ''),
      appSecret: read.WHATSAPP_APP_SECRET || (demo ? DEMO_APP_SECRET : ''),
      verifyToken: read.WHATSAPP_VERIFY_TOKEN || (demo ? DEMO_APP_SECRET : ''),
      apiVersion: read.WHATSAPP_API_VERSION,
      baseUrl: read.WHATSAPP_API_BASE,
      templates,
      languages: { en: read.WHATSAPP_LANGUAGE_EN, ar: read.WHATSAPP_LANGUAGE_AR },
    },
    replyWindowMs: read.CONFIRMATION_REPLY_MINUTES * 60_000,
    sendEveryMs: Math.max(200, read.MESSAGE_SEND_MS),
    claimMs: Math.max(1, read.MESSAGE_CLAIM_SECONDS) * 1000,
    fallbackAfterMs: read.MESSAGE_FALLBACK_MINUTES * 60_000,
  };
}

/** What WhatsApp needs before it may be turned on, as the variables that are missing. */
function missingWhatsapp(env: NodeJS.ProcessEnv): string[] {
  const needed = [
    'WHATSAPP_TOKEN',
    'WHATSAPP_PHONE_NUMBER_ID',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_VERIFY_TOKEN',
    ...Object.values(TEMPLATE_VARIABLES),
  ];
  return needed.filter((name) => !env[name]?.trim());
}

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
function readPush(read: z.infer<typeof Env>, production: boolean): { push: PushConfig | undefined; problems: string[] } {
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

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const LOOPBACK_IPS = new Set(['localhost', '127.0.0.1', '::1']);
/** A demo's staff secret key: public, so a demo database is no safer than its file; production refuses it. */
const DEMO_STAFF_SECRET_KEY = 'bean-bazaar-demo-staff-secret-key-not-for-production';

function originOf(siteUrl: string | undefined, host: string, port: number): string {
  if (siteUrl) {
    const url = new URL(siteUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`SITE_URL must be an http(s) origin, not ${siteUrl}`);
    return url.origin;
  }
  // Demo: the address the server listens on (a wildcard bind is reached through loopback).
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${port}`;
}

const KEYS = Object.keys(Env.shape);
let last: { signature: string; config: ServerConfig } | undefined;

/**
 * The configuration from `env`. Hot paths (every token check) call it: the parse runs again only when one of its
 * variables changed since the last call, which in a server is never and in a test is when the test changes one.
 */
export function serverConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const signature = KEYS.map((k) => env[k] ?? '\u0000').join('\u0001');
  if (last?.signature === signature) return last.config;
  const config = readConfig(env);
  last = { signature, config };
  return config;
}

function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const read = Env.parse(env);
  const production = read.NODE_ENV === 'production';
  const publicOrigin = originOf(read.SITE_URL || undefined, read.HOST, read.PORT);
  const extra = (read.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const sandboxPayments = read.PAYMENTS_SANDBOX === '0' ? false : read.PAYMENTS_SANDBOX === '1' || !production;
  const smsOutbox = read.SMS_PROVIDER !== 'twilio';
  const paymob = readPaymob(read);
  const push = readPush(read, production);
  return {
    production,
    publicOrigin,
    // Loopback stays allowed: health checks and the operator's own curl on the machine.
    allowedHosts: new Set([new URL(publicOrigin).hostname.toLowerCase(), ...extra, ...LOOPBACK]),
    trustProxy: read.TRUST_PROXY === '1',
    sandboxPayments,
    sandboxCourier: read.COURIER_SANDBOX === '0' ? false : read.COURIER_SANDBOX === '1' || !production,
    chromiumPath: read.CHROMIUM_PATH,
    bosta:
      read.BOSTA_API_KEY && read.BOSTA_WEBHOOK_SECRET
        ? { apiKey: read.BOSTA_API_KEY, webhookSecret: read.BOSTA_WEBHOOK_SECRET, baseUrl: read.BOSTA_BASE_URL }
        : undefined,
    smsOutbox,
    smsEchoToLog: smsOutbox && !production && read.SMS_OUTBOX_QUIET !== '1',
    uploadsQuotaBytes: read.UPLOADS_QUOTA_MB * 1024 * 1024,
    siteUrlSet: Boolean(read.SITE_URL),
    tokenSecretSet: (read.AUTH_TOKEN_SECRET?.length ?? 0) >= 32,
    testFaults: read.ENABLE_TEST_FAULTS === '1' && !production,
    tokenSecret: read.AUTH_TOKEN_SECRET || undefined,
    staffSecretKey: {
      current: read.STAFF_SECRET_KEY || DEMO_STAFF_SECRET_KEY,
      previous: (read.STAFF_SECRET_KEYS_OLD ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
      set: (read.STAFF_SECRET_KEY?.length ?? 0) >= 32,
    },
    database: { url: read.DATABASE_URL || undefined, sqlitePath: read.DATABASE_PATH },
    distDir: resolve(read.DIST_DIR),
    buildsDir: resolve(read.BUILDS_DIR),
    followPublish: read.FOLLOW_PUBLISH !== '0',
    contentSchedule: read.CONTENT_SCHEDULE !== '0',
    contentRelease: read.CONTENT_RELEASE ? Number(read.CONTENT_RELEASE) : undefined,
    contentNow: read.CONTENT_NOW && !Number.isNaN(Date.parse(read.CONTENT_NOW)) ? new Date(read.CONTENT_NOW) : undefined,
    host: read.HOST,
    port: read.PORT,
    uploadsDir: resolve(read.UPLOADS_DIR),
    backup: { dir: resolve(read.BACKUP_DIR), keep: read.BACKUP_KEEP, everyHours: read.BACKUP_EVERY_HOURS },
    catalogCheckMs: Math.min(60_000, Math.max(200, read.CATALOG_CHECK_MS)),
    catalogCoalesceMs: Math.min(10_000, Math.max(0, read.CATALOG_COALESCE_MS)),
    renderCacheBytes: read.RENDER_CACHE_MB * 1024 * 1024,
    searchRefreshMs: read.SEARCH_REFRESH_MS,
    searchAtStart: read.SEARCH_AT_START !== '0',
    paymentTimeoutMs: Math.max(1, read.PAYMENT_TIMEOUT_MINUTES) * 60_000,
    kioskPaymentMs: read.KIOSK_PAYMENT_HOURS * 3_600_000,
    reconcileAfterMs: read.RECONCILE_AFTER_MINUTES * 60_000,
    staffIdleMs: read.STAFF_IDLE_MINUTES * 60_000,
    codCallAttempts: read.COD_CALL_ATTEMPTS,
    remittanceDueDays: read.REMITTANCE_DUE_DAYS,
    sellerReturnWindowDays: read.SELLER_RETURN_WINDOW_DAYS,
    metrics: { port: read.METRICS_PORT, host: read.METRICS_HOST, token: read.METRICS_TOKEN || undefined },
    log: { format: read.LOG_FORMAT, level: read.LOG_LEVEL },
    twilio: {
      accountSid: read.TWILIO_ACCOUNT_SID ?? '',
      authToken: read.TWILIO_AUTH_TOKEN ?? '',
      from: read.TWILIO_FROM,
      messagingServiceSid: read.TWILIO_MESSAGING_SERVICE_SID,
      baseUrl: read.TWILIO_API_BASE,
    },
    messaging: readMessaging(read, production),
    push: push.push,
    pushProblems: push.problems,
    paytabs:
      read.PAYTABS_PROFILE_ID && read.PAYTABS_SERVER_KEY
        ? { profileId: read.PAYTABS_PROFILE_ID, serverKey: read.PAYTABS_SERVER_KEY, baseUrl: read.PAYTABS_BASE_URL }
        : undefined,
    opay:
      read.OPAY_MERCHANT_ID && read.OPAY_PUBLIC_KEY && read.OPAY_SECRET_KEY
        ? {
            merchantId: read.OPAY_MERCHANT_ID,
            publicKey: read.OPAY_PUBLIC_KEY,
            secretKey: read.OPAY_SECRET_KEY,
            baseUrl: read.OPAY_BASE_URL,
          }
        : undefined,
    paymob: paymob.keys,
    fawry:
      read.FAWRY_MERCHANT_CODE && read.FAWRY_SECURITY_KEY
        ? {
            merchantCode: read.FAWRY_MERCHANT_CODE,
            securityKey: read.FAWRY_SECURITY_KEY,
            baseUrl: read.FAWRY_BASE_URL.replace(/\/+$/, ''),
          }
        : undefined,
    paymentKeyProblems: [
      ...paymob.problems,
      ...(Boolean(read.FAWRY_MERCHANT_CODE) !== Boolean(read.FAWRY_SECURITY_KEY)
        ? [`Fawry is half configured: ${read.FAWRY_MERCHANT_CODE ? 'FAWRY_SECURITY_KEY' : 'FAWRY_MERCHANT_CODE'} missing.`]
        : []),
    ],
  };
}

/** What a production start must not run with; empty when the shop may start. */
export function productionProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const config = serverConfig(env);
  if (!config.production) return [];
  const problems: string[] = [];
  if (!config.siteUrlSet) problems.push('SITE_URL is not set: payment, SMS and e-mail links need the public origin.');
  else if (new URL(config.publicOrigin).protocol !== 'https:') problems.push('SITE_URL must be https in production.');
  if (!config.tokenSecretSet)
    problems.push('AUTH_TOKEN_SECRET is not set (at least 32 characters): sessions would end with the process.');
  if (!config.staffSecretKey.set)
    problems.push(
      'STAFF_SECRET_KEY is not set (at least 32 characters): staff TOTP secrets and recovery codes need their own key.',
    );
  problems.push(...config.paymentKeyProblems);
  if (config.sandboxPayments) problems.push('PAYMENTS_SANDBOX=1: the sandbox lets anyone approve a card payment.');
  if (config.sandboxCourier) problems.push('COURIER_SANDBOX=1: the sandbox courier lets anyone deliver an order.');
  if (config.smsOutbox)
    problems.push('SMS_PROVIDER is not set: sign-up and reset codes would reach no phone (set SMS_PROVIDER=twilio).');
  if (config.messaging.mode === 'demo')
    problems.push('MESSAGING=demo: order messages would reach no phone, and the demo webhook secret is public.');
  if (config.messaging.mode === 'whatsapp') {
    const missing = missingWhatsapp(env);
    if (missing.length) problems.push(`MESSAGING=whatsapp needs ${missing.join(', ')}.`);
  }
  problems.push(...config.pushProblems);
  if (env['ENABLE_TEST_FAULTS'] === '1') problems.push('ENABLE_TEST_FAULTS=1 is for tests only.');
  const { metrics } = config;
  if (metrics.port && !LOOPBACK_IPS.has(metrics.host) && (metrics.token?.length ?? 0) < 32)
    problems.push(
      `METRICS_HOST=${metrics.host} opens the metrics beyond this machine: set METRICS_TOKEN (at least 32 characters).`,
    );
  return problems;
}

/** The banner a demo start prints, so nobody deploys the demo by mistake. */
export function demoNotice(config: ServerConfig): string {
  return [
    '',
    '⚠  DEMO MODE (NODE_ENV is not "production"):',
    `   - payments go to the built-in sandbox page${config.sandboxPayments ? ', where anyone can approve a card payment' : ' (off)'};`,
    `   - SMS codes are kept in the outbox table${config.smsEchoToLog ? ' and printed to this log' : ''};`,
    `   - order messages (WhatsApp) ${config.messaging.mode === 'demo' ? 'stay in the outbox: the desk’s message simulator shows them' : `are ${config.messaging.mode}`};`,
    `   - links handed to payment providers point at ${config.publicOrigin}.`,
    '   For a real shop set NODE_ENV=production with SITE_URL, AUTH_TOKEN_SECRET, SMS and payment keys (README).',
    '',
  ].join('\n');
}
