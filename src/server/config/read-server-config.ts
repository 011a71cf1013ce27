import { resolve } from 'node:path';
import { Env } from './env.ts';
import { readMessaging } from './messaging.ts';
import { LOOPBACK, originOf } from './origin.ts';
import { readPaymob } from './paymob.ts';
import { readPush } from './push.ts';
import { readStorage } from './storage.ts';
import type { ServerConfig } from './server-config.ts';

/** A demo's staff secret key: public, so a demo database is no safer than its file; production refuses it. */
const DEMO_STAFF_SECRET_KEY = 'bean-bazaar-demo-staff-secret-key-not-for-production';
const DEMO_BACKUP_KEY = 'bean-bazaar-demo-backup-key-not-for-production';

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

/**
 * TRUST_PROXY alone, for what reads it on every request (transport.ts): one variable, where `serverConfig` compares all
 * of them to know whether to parse again (~100 reads of process.env, each a call into Node: issue 56's profile).
 */
export const trustsProxy = (env: NodeJS.ProcessEnv = process.env): boolean => env['TRUST_PROXY'] === '1';

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
    storage: readStorage(read.STORAGE_URL, read.UPLOADS_DIR),
    backup: {
      dir: resolve(read.BACKUP_DIR),
      keep: read.BACKUP_KEEP,
      everyHours: read.BACKUP_EVERY_HOURS,
      // Production has no fallback: a backup signed with a public phrase proves nothing (src/server/ops/backup/proof.ts).
      key: read.BACKUP_KEY || (production ? undefined : DEMO_BACKUP_KEY),
    },
    startEmpty: read.START_EMPTY === '1',
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
    ratingRequestDays: read.RATING_REQUEST_DAYS,
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
