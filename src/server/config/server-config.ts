import type { MessagingConfig } from './messaging.ts';
import type { PaymobKeys } from './paymob.ts';
import type { PushConfig } from './push.ts';
import type { StorageConfig } from './storage.ts';

/** What the server reads from `serverConfig()`: the environment checked (`Env`) and turned into the shop's terms. */
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
   * Where uploads are kept (src/server/uploads/object-store.ts): the disk under `uploadsDir`, or with STORAGE_URL an
   * S3-compatible bucket every instance reads and writes (a malformed STORAGE_URL stops the start: StorageUrlError).
   */
  storage: StorageConfig;
  /**
   * `npm run backup` (src/server/ops/backup/): where the timestamped backups of the embedded database and the uploads
   * go, how many are kept, and how often a serving instance takes one on its own (0: never). `key` (BACKUP_KEY, a fixed
   * demo phrase outside production) signs each manifest's checksums; a restore verifies them under it.
   */
  backup: { dir: string; keep: number; everyHours: number; key: string | undefined };
  /**
   * START_EMPTY=1: a start that finds no database file at DATABASE_PATH while BACKUP_DIR holds backups creates an
   * empty one anyway (without it the start is refused: the file was lost, src/server/db/database-file.ts).
   */
  startEmpty: boolean;
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
  /** Days after delivery before the shopper is asked to rate the order's products (issue 52, RATING_REQUEST_DAYS). */
  ratingRequestDays: number;
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
