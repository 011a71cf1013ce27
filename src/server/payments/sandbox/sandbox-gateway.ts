import { Hono } from 'hono';
import { sandboxCallback, type SandboxChoice, type SandboxKeys } from './sandbox-callbacks.ts';
import { opaySandbox } from './sandbox-opay.ts';
import { expiredPage, sandboxPage } from './sandbox-page.ts';
import { payTabsSandbox } from './sandbox-paytabs.ts';
import { SandboxSessions, type SandboxFaults, type SandboxRefund } from './sandbox-sessions.ts';
import { log } from '../../observability/logger.ts';

export type { SandboxFaults, SandboxRefund };

/**
 * The built-in sandbox payment provider (docs/payments.md): it answers PayTabs' `POST /paytabs/payment/request`
 * (sandbox-paytabs.ts) and OPay's `POST /opay/api/v1/international/cashier/create` and refunds (sandbox-opay.ts) as the
 * real services do, shows a payment page where a person approves, declines or cancels, then sends the signed
 * server-to-server callback and returns the browser to the shop, exactly like the provider. Sessions live in this
 * process's memory (sandbox-sessions.ts: a development tool, one instance). `publicPath` is where the app is mounted,
 * for the page URLs it hands out.
 */
export function createSandboxGateway({
  keys,
  publicPath,
  faults = { refuseRefunds: false },
  refunds = [],
}: {
  keys: SandboxKeys;
  publicPath: string;
  faults?: SandboxFaults;
  /** Filled with every refund accepted (newest last). */
  refunds?: SandboxRefund[];
}) {
  const sessions = new SandboxSessions(publicPath);
  const context = { keys, faults, refunds, sessions };
  return new Hono()
    .route('/', payTabsSandbox(context))
    .route('/', opaySandbox(context))
    .get('/pay/:token', (c) => {
      const session = sessions.get(c.req.param('token'));
      if (!session) return c.html(expiredPage('en'), 404);
      return c.html(sandboxPage(session, `${publicPath}/pay/${c.req.param('token')}`));
    })
    .post('/pay/:token', async (c) => {
      const token = c.req.param('token');
      const session = sessions.get(token);
      if (!session) return c.html(expiredPage('en'), 404);
      const form = await c.req.parseBody();
      const choice = String(form['choice'] ?? '') as SandboxChoice;
      if (!['approve', 'decline', 'cancel'].includes(choice)) return c.text('Bad choice', 400);
      sessions.close(token);
      // Like the provider: the notification first (the shop's truth), then the browser comes back.
      const { body, headers } = sandboxCallback(session, choice, keys);
      await fetch(session.callbackUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) }).catch(
        (error: unknown) => log().error({ err: error }, 'sandbox gateway callback failed'),
      );
      const back = choice === 'cancel' && session.cancelUrl ? session.cancelUrl : session.returnUrl;
      return c.redirect(back, 303);
    });
}
