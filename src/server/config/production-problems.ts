import { missingWhatsapp } from './messaging.ts';
import { LOOPBACK_IPS } from './origin.ts';
import { serverConfig } from './read-server-config.ts';

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
  if (!config.database.url && config.backup.everyHours > 0 && !config.backup.key)
    problems.push('BACKUP_EVERY_HOURS is set without BACKUP_KEY: every backup is signed with it (docs/operations.md).');
  const { metrics } = config;
  if (metrics.port && !LOOPBACK_IPS.has(metrics.host) && (metrics.token?.length ?? 0) < 32)
    problems.push(
      `METRICS_HOST=${metrics.host} opens the metrics beyond this machine: set METRICS_TOKEN (at least 32 characters).`,
    );
  return problems;
}
