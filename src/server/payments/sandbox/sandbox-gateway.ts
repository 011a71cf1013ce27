import { Hono } from 'hono';
import { randomInt } from 'node:crypto';
import { localeOr } from '#i18n/locales.ts';
import { sandboxCallback, type SandboxChoice, type SandboxKeys, type SandboxSession } from './sandbox-callbacks.ts';
import { opaySandbox } from './sandbox-opay.ts';
import { expiredPage, sandboxPage } from './sandbox-page.ts';
import { payTabsSandbox } from './sandbox-paytabs.ts';
import { paymobResponseUrl, paymobSandbox, sendPaymobCallback, type PaymobEvent } from './sandbox-paymob.ts';
import { fawrySandbox, sendFawryNotification } from './sandbox-fawry.ts';
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

  /**
   * Paymob's page: a card or wallet is answered at once; a kiosk payment first gets its code (pending, the page stays
   * open as the payment point's screen) and is paid there later. Each step sends the signed processed callback, then
   * the browser goes back with the signed response parameters, as Paymob does.
   */
  async function paymobChoice(token: string, session: SandboxSession, choice: string): Promise<string> {
    const kiosk = session.methods?.[0] === 'kiosk';
    const allowed: PaymobEvent[] = kiosk && !session.billReference ? ['reference', 'cancel'] : ['approve', 'decline', 'cancel'];
    const event = (allowed as string[]).includes(choice) ? (choice as PaymobEvent) : undefined;
    if (!event) return `${publicPath}/pay/${token}`;
    if (event === 'reference') session.billReference = String(randomInt(10_000_000, 99_999_999));
    else sessions.close(token);
    sessions.noteOutcome(token, session, event === 'cancel' ? 'decline' : event);
    await sendPaymobCallback(session, event === 'cancel' ? 'decline' : event, keys);
    // A code paid at the point: the cashier's screen is done; the shopper is elsewhere, their page already waiting.
    if (kiosk && event !== 'reference' && session.billReference) return `${publicPath}/pay/${token}/done?lang=${session.lang}`;
    return paymobResponseUrl(session, event === 'cancel' ? 'decline' : event, keys);
  }
  return new Hono()
    .route('/', payTabsSandbox(context))
    .route('/', opaySandbox(context))
    .route('/', paymobSandbox(context))
    .route('/', fawrySandbox(context))
    .get('/pay/:token/done', (c) => c.html(expiredPage(localeOr(c.req.query('lang')), 'codePaid')))
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
      if (session.protocol === 'paymob') return c.redirect(await paymobChoice(token, session, String(form['choice'] ?? '')), 303);
      if (session.protocol === 'fawry') {
        // The Fawry point's screen: the cashier takes the cash for the reference, Fawry notifies the shop.
        if (form['choice'] !== 'approve') return c.redirect(`${publicPath}/pay/${token}`, 303);
        sessions.close(token);
        sessions.noteOutcome(token, session, 'approve');
        await sendFawryNotification(session, 'approve', keys);
        return c.redirect(`${publicPath}/pay/${token}/done?lang=${session.lang}`, 303);
      }
      if (!['approve', 'decline', 'cancel'].includes(choice)) return c.text('Bad choice', 400);
      sessions.close(token);
      sessions.noteOutcome(token, session, choice);
      // Like the provider: the notification first (the shop's truth), then the browser comes back.
      const { body, headers } = sandboxCallback(session, choice, keys);
      await fetch(session.callbackUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) }).catch(
        (error: unknown) => log().error({ err: error }, 'sandbox gateway callback failed'),
      );
      const back = choice === 'cancel' && session.cancelUrl ? session.cancelUrl : session.returnUrl;
      return c.redirect(back, 303);
    });
}
