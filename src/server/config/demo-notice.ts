import type { ServerConfig } from './server-config.ts';

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
