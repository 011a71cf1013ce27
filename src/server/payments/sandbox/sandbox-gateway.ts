import { randomBytes, randomInt } from 'node:crypto';
import { Hono } from 'hono';
import { fromPounds } from '../../../lib/money.ts';
import { hmacHex, sameSignature } from '../signatures.ts';
import { sandboxCallback, type SandboxChoice, type SandboxKeys, type SandboxSession } from './sandbox-callbacks.ts';
import { expiredPage, sandboxPage } from './sandbox-page.ts';
import { localeOr, type Locale } from '../../../i18n/locales.ts';

const SESSION_TTL_MS = 60 * 60_000;

/** A refund the sandbox accepted (tests read them to see the provider was called, and how). */
export interface SandboxRefund {
  protocol: 'paytabs' | 'opay';
  /** The original payment: PayTabs tran_ref, OPay originalReference. */
  original: string;
  /** Our refund reference (cart_id / reference). */
  reference: string;
  amount: number;
  refundRef: string;
}

/** Switches for tests: `refuseRefunds` makes every refund request fail as a provider refusal would. */
export interface SandboxFaults {
  refuseRefunds: boolean;
}

/**
 * The built-in sandbox payment provider (docs/payments.md): it answers PayTabs' `POST /paytabs/payment/request`
 * and OPay's `POST /opay/api/v1/international/cashier/create` as the real services do, shows a payment page where
 * a person approves, declines or cancels, then sends the signed server-to-server callback and returns the browser
 * to the shop, exactly like the provider. Sessions live in this process's memory (a development tool: one
 * instance). `publicPath` is where the app is mounted, for the page URLs it hands out.
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
  const sessions = new Map<string, SandboxSession & { expires: number }>();
  const open = (session: SandboxSession, origin: string) => {
    for (const [token, s] of sessions) if (s.expires < Date.now()) sessions.delete(token);
    const token = randomBytes(18).toString('base64url');
    sessions.set(token, { ...session, expires: Date.now() + SESSION_TTL_MS });
    return `${origin}${publicPath}/pay/${token}`;
  };
  /** PayTabs' refund: the same endpoint, tran_type "refund" with the sale's tran_ref; A when approved. */
  const payTabsRefund = (body: Record<string, unknown>, amount: number): [Record<string, unknown>, 200 | 400] => {
    if (
      typeof body['tran_ref'] !== 'string' ||
      typeof body['cart_id'] !== 'string' ||
      body['cart_currency'] !== 'EGP' ||
      !(amount > 0)
    )
      return [{ code: 2, message: 'Invalid request' }, 400];
    const tranRef = `TST${randomInt(1e9, 9e9)}${randomInt(1e5, 9e5)}`;
    const result = faults.refuseRefunds
      ? { response_status: 'D', response_code: '300', response_message: 'Refund declined by the sandbox' }
      : { response_status: 'A', response_code: '000', response_message: 'Authorised' };
    if (!faults.refuseRefunds)
      refunds.push({ protocol: 'paytabs', original: body['tran_ref'], reference: body['cart_id'], amount, refundRef: tranRef });
    return [
      {
        tran_ref: tranRef,
        previous_tran_ref: body['tran_ref'],
        tran_type: 'Refund',
        cart_id: body['cart_id'],
        cart_amount: body['cart_amount'],
        cart_currency: 'EGP',
        payment_result: result,
      },
      200,
    ];
  };
  const langOf = (url: string): Locale => localeOr(new URL(url).searchParams.get('lang'));

  return new Hono()
    .post('/paytabs/payment/request', async (c) => {
      if (c.req.header('authorization') !== keys.paytabsServerKey)
        return c.json({ code: 1, message: 'Authentication failed. Check authentication header.' }, 401);
      const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
      const amount = fromPounds(String(body['cart_amount'] ?? ''));
      if (body['tran_type'] === 'refund') return c.json(...payTabsRefund(body, amount));
      const ok =
        String(body['profile_id']) === keys.paytabsProfileId &&
        typeof body['cart_id'] === 'string' &&
        typeof body['callback'] === 'string' &&
        typeof body['return'] === 'string' &&
        body['cart_currency'] === 'EGP' &&
        amount > 0;
      if (!ok) return c.json({ code: 2, message: 'Invalid request' }, 400);
      const tranRef = `TST${randomInt(1e9, 9e9)}${randomInt(1e5, 9e5)}`;
      const redirect = open(
        {
          protocol: 'paytabs',
          tranRef,
          reference: body['cart_id'] as string,
          amount,
          currency: 'EGP',
          callbackUrl: body['callback'] as string,
          returnUrl: body['return'] as string,
          cancelUrl: null,
          lang: localeOr(body['paypage_lang']),
        },
        new URL(c.req.url).origin,
      );
      return c.json({
        tran_ref: tranRef,
        cart_id: body['cart_id'],
        cart_amount: body['cart_amount'],
        cart_currency: 'EGP',
        redirect_url: redirect,
      });
    })
    .post('/opay/api/v1/international/cashier/create', async (c) => {
      if (c.req.header('authorization') !== `Bearer ${keys.opayPublicKey}` || c.req.header('merchantid') !== keys.opayMerchantId)
        return c.json({ code: '02000', message: 'authentication failed' }, 401);
      const body = (await c.req.json().catch(() => ({}))) as {
        reference?: string;
        amount?: { total?: number; currency?: string };
        returnUrl?: string;
        cancelUrl?: string;
        callbackUrl?: string;
      };
      const total = body.amount?.total;
      if (
        !body.reference ||
        !body.returnUrl ||
        !body.callbackUrl ||
        body.amount?.currency !== 'EGP' ||
        !Number.isInteger(total) ||
        total! <= 0
      )
        return c.json({ code: '02001', message: 'request parameters not valid' }, 400);
      const orderNo = `2${randomInt(1e9, 9e9)}${randomInt(1e8, 9e8)}`;
      const cashierUrl = open(
        {
          protocol: 'opay',
          tranRef: orderNo,
          reference: body.reference,
          amount: total!,
          currency: 'EGP',
          callbackUrl: body.callbackUrl,
          returnUrl: body.returnUrl,
          cancelUrl: body.cancelUrl ?? null,
          lang: langOf(body.returnUrl),
        },
        new URL(c.req.url).origin,
      );
      return c.json({
        code: '00000',
        message: 'SUCCESSFUL',
        data: { reference: body.reference, orderNo, cashierUrl, status: 'INITIAL', amount: { total, currency: 'EGP' } },
      });
    })
    .post('/opay/api/v1/international/payment/refund/create', async (c) => {
      const raw = await c.req.text();
      const signed = `Bearer ${hmacHex('sha512', keys.opaySecretKey, raw)}`;
      if (
        !sameSignature(c.req.header('authorization')?.slice(7), signed.slice(7)) ||
        c.req.header('merchantid') !== keys.opayMerchantId
      )
        return c.json({ code: '02000', message: 'authentication failed' }, 401);
      const body = (JSON.parse(raw || '{}') ?? {}) as {
        reference?: string;
        originalReference?: string;
        amount?: { total?: number; currency?: string };
      };
      const total = body.amount?.total;
      if (
        !body.reference ||
        !body.originalReference ||
        body.amount?.currency !== 'EGP' ||
        !Number.isInteger(total) ||
        total! <= 0
      )
        return c.json({ code: '02001', message: 'request parameters not valid' }, 400);
      if (faults.refuseRefunds) return c.json({ code: '02002', message: 'refund refused by the sandbox' });
      const orderNo = `3${randomInt(1e9, 9e9)}${randomInt(1e8, 9e8)}`;
      refunds.push({
        protocol: 'opay',
        original: body.originalReference,
        reference: body.reference,
        amount: total!,
        refundRef: orderNo,
      });
      return c.json({
        code: '00000',
        message: 'SUCCESSFUL',
        data: { reference: body.reference, orderNo, refundAmount: { total, currency: 'EGP' }, orderStatus: 'SUCCESS' },
      });
    })
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
      sessions.delete(token);
      // Like the provider: the notification first (the shop's truth), then the browser comes back.
      const { body, headers } = sandboxCallback(session, choice, keys);
      await fetch(session.callbackUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) }).catch(
        (error: unknown) => console.error('[sandbox gateway] callback failed', error),
      );
      const back = choice === 'cancel' && session.cancelUrl ? session.cancelUrl : session.returnUrl;
      return c.redirect(back, 303);
    });
}
