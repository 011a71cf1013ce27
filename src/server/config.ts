import { z } from 'zod';

/**
 * The server's configuration, read from the environment and checked in one place. Two modes (issue 19):
 * - demo (anything but NODE_ENV=production): `npm start` on a fresh clone; embedded database, sandbox payments,
 *   SMS codes in the outbox (and the log), the public origin taken from HOST and PORT. Said loudly at start.
 * - production (NODE_ENV=production): the start is refused while anything a public shop must not run with is set
 *   or missing (`productionProblems`).
 * Read on each call (it is cheap), so a test that changes process.env sees its change.
 */
const Env = z.object({
  NODE_ENV: z.string().optional(),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  SITE_URL: z.string().trim().optional(),
  ALLOWED_HOSTS: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  AUTH_TOKEN_SECRET: z.string().optional(),
  PAYMENTS_SANDBOX: z.string().optional(),
  SMS_PROVIDER: z.string().optional(),
  SMS_OUTBOX_QUIET: z.string().optional(),
  ENABLE_TEST_FAULTS: z.string().optional(),
  UPLOADS_QUOTA_MB: z.coerce.number().positive().default(2048),
});

export interface ServerConfig {
  production: boolean;
  /** Scheme, host and port the public reaches the shop at: every URL we hand to a provider, SMS or e-mail. */
  publicOrigin: string;
  /** Host names (no port) the shop answers for; any other Host header gets a 400. */
  allowedHosts: ReadonlySet<string>;
  trustProxy: boolean;
  sandboxPayments: boolean;
  /** SMS codes go to the outbox table (and, unless quiet, to the log) instead of a provider. */
  smsOutbox: boolean;
  smsEchoToLog: boolean;
  uploadsQuotaBytes: number;
  siteUrlSet: boolean;
  tokenSecretSet: boolean;
  testFaults: boolean;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

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

export function serverConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const read = Env.parse(env);
  const production = read.NODE_ENV === 'production';
  const publicOrigin = originOf(read.SITE_URL || undefined, read.HOST, read.PORT);
  const extra = (read.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const sandboxPayments = read.PAYMENTS_SANDBOX === '0' ? false : read.PAYMENTS_SANDBOX === '1' || !production;
  const smsOutbox = read.SMS_PROVIDER !== 'twilio';
  return {
    production,
    publicOrigin,
    // Loopback stays allowed: health checks and the operator's own curl on the machine.
    allowedHosts: new Set([new URL(publicOrigin).hostname.toLowerCase(), ...extra, ...LOOPBACK]),
    trustProxy: read.TRUST_PROXY === '1',
    sandboxPayments,
    smsOutbox,
    smsEchoToLog: smsOutbox && !production && read.SMS_OUTBOX_QUIET !== '1',
    uploadsQuotaBytes: read.UPLOADS_QUOTA_MB * 1024 * 1024,
    siteUrlSet: Boolean(read.SITE_URL),
    tokenSecretSet: (read.AUTH_TOKEN_SECRET?.length ?? 0) >= 32,
    testFaults: read.ENABLE_TEST_FAULTS === '1' && !production,
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
  if (config.sandboxPayments) problems.push('PAYMENTS_SANDBOX=1: the sandbox lets anyone approve a card payment.');
  if (config.smsOutbox)
    problems.push('SMS_PROVIDER is not set: sign-up and reset codes would reach no phone (set SMS_PROVIDER=twilio).');
  if (env['ENABLE_TEST_FAULTS'] === '1') problems.push('ENABLE_TEST_FAULTS=1 is for tests only.');
  return problems;
}

/** The banner a demo start prints, so nobody deploys the demo by mistake. */
export function demoNotice(config: ServerConfig): string {
  return [
    '',
    '⚠  DEMO MODE (NODE_ENV is not "production"):',
    `   - payments go to the built-in sandbox page${config.sandboxPayments ? ', where anyone can approve a card payment' : ' (off)'};`,
    `   - SMS codes are kept in the outbox table${config.smsEchoToLog ? ' and printed to this log' : ''};`,
    `   - links handed to payment providers point at ${config.publicOrigin}.`,
    '   For a real shop set NODE_ENV=production with SITE_URL, AUTH_TOKEN_SECRET, SMS and payment keys (README).',
    '',
  ].join('\n');
}
