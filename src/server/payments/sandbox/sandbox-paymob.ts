import { randomInt } from 'node:crypto';
import { jsonFields } from './sandbox-body.ts';
import { Hono } from 'hono';
import { log } from '../../observability/logger.ts';
import { localeOr } from '#i18n/locales.ts';
import { paymobHmac, paymobSignedText, PAYMOB_HMAC_FIELDS } from '../paymob-hmac.ts';
import type { PaymobTransaction } from '../paymob.ts';
import type { PaymobEvent, SandboxKeys, SandboxSession } from './sandbox-callbacks.ts';

export type { PaymobEvent };
import type { SandboxContext } from './sandbox-sessions.ts';

const CLIENT_SECRET_PREFIX = 'egy_csk_test_';

/**
 * The transaction object Paymob would send for this event (its documented fields), for a card, a wallet (source
 * type "wallet") or a kiosk code (source type "aggregator", pending with `data.bill_reference` until paid).
 */
export function paymobTransaction(session: SandboxSession, event: PaymobEvent, keys: SandboxKeys, now = Date.now()) {
  const method = session.methods?.[0] ?? 'card';
  const source =
    method === 'kiosk'
      ? { type: 'aggregator', sub_type: 'AGGREGATOR', pan: '' }
      : method === 'wallet'
        ? { type: 'wallet', sub_type: 'wallet', pan: session.walletPhone ?? '01010101010' }
        : { type: 'card', sub_type: 'MasterCard', pan: '2346' };
  const transaction: PaymobTransaction = {
    id: Number(session.transactionId),
    pending: event === 'reference',
    amount_cents: session.amount,
    success: event === 'approve',
    is_auth: false,
    is_capture: false,
    is_standalone_payment: true,
    is_voided: false,
    is_refunded: false,
    is_3d_secure: method === 'card',
    integration_id: keys.paymobIntegrations[method] ?? 0,
    profile_id: 1,
    has_parent_transaction: false,
    order: { id: Number(session.tranRef), merchant_order_id: session.reference, currency: session.currency },
    created_at: new Date(now).toISOString().slice(0, 23),
    currency: session.currency,
    source_data: source,
    error_occured: event === 'decline',
    owner: 1,
    data: {
      message: { approve: 'Approved', decline: 'Declined', cancel: 'Cancelled by the customer', reference: 'Pending' }[event],
      ...(session.billReference ? { bill_reference: Number(session.billReference) } : {}),
    },
  };
  return transaction;
}

/** The processed callback: the transaction as JSON, its HMAC in the URL's `hmac` parameter, as Paymob sends it. */
export function paymobCallback(session: SandboxSession, event: PaymobEvent, keys: SandboxKeys, now = Date.now()) {
  const obj = paymobTransaction(session, event, keys, now);
  const hmac = paymobHmac(keys.paymobHmacSecret, paymobSignedText(obj));
  return {
    body: JSON.stringify({ type: 'TRANSACTION', obj }),
    headers: { 'content-type': 'application/json' },
    query: `hmac=${hmac}`,
  };
}

/** The response callback: the browser sent back to the redirection URL with the fields as query parameters. */
export function paymobResponseUrl(session: SandboxSession, event: PaymobEvent, keys: SandboxKeys, now = Date.now()): string {
  const obj = paymobTransaction(session, event, keys, now);
  const url = new URL(session.returnUrl);
  for (const path of PAYMOB_HMAC_FIELDS) {
    const [head, tail] = path.split('.') as [string, string | undefined];
    const value = tail ? (obj[head] as Record<string, unknown>)[tail] : obj[head];
    url.searchParams.set(path === 'order.id' ? 'order' : path, String(value ?? ''));
  }
  // `order` is Paymob's order id (the shop's own travels as shop_order in the redirection URL).
  url.searchParams.set('merchant_order_id', session.reference);
  if (session.billReference) url.searchParams.set('bill_reference', session.billReference);
  url.searchParams.set('hmac', paymobHmac(keys.paymobHmacSecret, paymobSignedText(obj)));
  return url.toString();
}

/** Sends the processed callback to the shop as Paymob would (a failure is the shop's to reconcile, logged here). */
export async function sendPaymobCallback(session: SandboxSession, event: PaymobEvent, keys: SandboxKeys): Promise<void> {
  const { body, headers, query } = paymobCallback(session, event, keys);
  const url = `${session.callbackUrl}${session.callbackUrl.includes('?') ? '&' : '?'}${query}`;
  await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) }).catch((error: unknown) =>
    log().error({ err: error }, 'sandbox gateway: Paymob callback failed'),
  );
}

const walletNumber = (billing: unknown): string =>
  String((billing as { phone_number?: unknown } | undefined)?.phone_number ?? '');

const tokenOf = (clientSecret: string) =>
  clientSecret.startsWith(CLIENT_SECRET_PREFIX) ? clientSecret.slice(CLIENT_SECRET_PREFIX.length) : '';

/**
 * The sandbox's Paymob: the intention (checked as Paymob checks it: the secret key, piastres, known integration ids),
 * the unified checkout (its page is the sandbox's payment page), refunds and voids (with the faults tests switch on),
 * and the transaction inquiry reconciliation asks.
 */
export function paymobSandbox({ keys, faults, refunds, sessions }: SandboxContext) {
  const authorised = (header: string | undefined) => header === `Token ${keys.paymobSecretKey}`;
  const methodOf = (id: unknown) => Object.entries(keys.paymobIntegrations).find(([, v]) => v === id)?.[0];
  return new Hono()
    .post('/paymob/v1/intention/', async (c) => {
      if (!authorised(c.req.header('authorization'))) return c.json({ detail: 'Invalid token.' }, 401);
      const body = await jsonFields<Record<string, unknown>>(c);
      const amount = body['amount'];
      const ids = Array.isArray(body['payment_methods']) ? (body['payment_methods'] as unknown[]) : [];
      const methods = ids.map(methodOf);
      if (!ids.length || methods.some((m) => !m))
        return c.json({ detail: 'Integration ID/Name does not exist in our system.' }, 404);
      const items = Array.isArray(body['items']) ? (body['items'] as { amount?: number; quantity?: number }[]) : [];
      const itemsTotal = items.reduce((sum, i) => sum + Number(i.amount) * Number(i.quantity ?? 1), 0);
      if (
        typeof amount !== 'number' ||
        !Number.isInteger(amount) ||
        amount <= 0 ||
        body['currency'] !== 'EGP' ||
        (items.length > 0 && itemsTotal !== amount) ||
        typeof body['special_reference'] !== 'string' ||
        typeof body['notification_url'] !== 'string' ||
        typeof body['redirection_url'] !== 'string'
      )
        return c.json({ detail: 'Invalid intention.' }, 400);
      const orderId = randomInt(100_000_000, 999_999_999);
      const page = sessions.open(
        {
          protocol: 'paymob',
          tranRef: String(orderId),
          reference: body['special_reference'],
          amount,
          currency: 'EGP',
          callbackUrl: body['notification_url'],
          returnUrl: body['redirection_url'],
          cancelUrl: null,
          lang: localeOr(new URL(body['redirection_url']).searchParams.get('lang')),
          methods: methods as string[],
          transactionId: String(randomInt(100_000_000, 999_999_999)),
          // The wallet Paymob would ask to confirm the payment: the number the merchant sent.
          ...(methods[0] === 'wallet' ? { walletPhone: walletNumber(body['billing_data']) } : {}),
        },
        new URL(c.req.url).origin,
      );
      const token = page.slice(page.lastIndexOf('/') + 1);
      return c.json(
        {
          id: `pi_test_${token.slice(0, 16)}`,
          client_secret: `${CLIENT_SECRET_PREFIX}${token}`,
          intention_order_id: orderId,
          special_reference: body['special_reference'],
          payment_methods: ids.map((id, i) => ({ integration_id: id, name: methods[i], live: false })),
          status: 'intended',
          confirmed: false,
          intention_detail: { amount, currency: 'EGP', items: body['items'] ?? [], billing_data: body['billing_data'] ?? {} },
        },
        201,
      );
    })
    .get('/paymob/unifiedcheckout/', (c) => {
      const token = tokenOf(c.req.query('clientSecret') ?? '');
      if (c.req.query('publicKey') !== keys.paymobPublicKey || !sessions.get(token)) return c.text('Invalid client secret', 404);
      return c.redirect(`${sessions.publicPath}/pay/${token}`, 302);
    })
    .post('/paymob/api/acceptance/void_refund/:action{void|refund}', async (c) => {
      if (!authorised(c.req.header('authorization'))) return c.json({ detail: 'Invalid token.' }, 401);
      const body = await jsonFields<{ transaction_id?: number; amount_cents?: number }>(c);
      const paid = sessions.paidTransaction(String(body.transaction_id));
      const action = c.req.param('action') as 'void' | 'refund';
      const amount = action === 'void' ? paid?.amount : body.amount_cents;
      if (!paid || !Number.isInteger(amount) || amount! <= 0) return c.json({ detail: 'Transaction not found.' }, 404);
      if (paid.methods?.[0] === 'kiosk')
        return c.json({ success: false, data: { message: 'Kiosk payments cannot be refunded' } }, 400);
      const refundedSoFar = refunds.filter((r) => r.original === paid.transactionId).reduce((s, r) => s + r.amount, 0);
      if (faults.refuseRefunds || refundedSoFar + amount! > paid.amount)
        return c.json(
          {
            success: false,
            data: { message: faults.refuseRefunds ? 'Refund declined by the sandbox' : 'Amount exceeds the captured amount' },
          },
          400,
        );
      const id = randomInt(100_000_000, 999_999_999);
      refunds.push({
        protocol: 'paymob',
        original: paid.transactionId!,
        reference: action,
        amount: amount!,
        refundRef: String(id),
      });
      return c.json({
        id,
        pending: false,
        success: true,
        amount_cents: amount,
        currency: 'EGP',
        is_refund: action === 'refund',
        is_void: action === 'void',
        has_parent_transaction: true,
        order: { id: Number(paid.tranRef), merchant_order_id: paid.reference },
      });
    })
    .post('/paymob/api/ecommerce/orders/transaction_inquiry', async (c) => {
      if (!authorised(c.req.header('authorization'))) return c.json({ detail: 'Invalid token.' }, 401);
      const body = await jsonFields<{ order_id?: number }>(c);
      const known = sessions.outcomeOf(String(body.order_id));
      if (!known) return c.json({ detail: 'Not found.' }, 404);
      // As Paymob answers about a paid transaction later refunded or voided: its flags and what went back.
      const back = refunds.filter((r) => r.original === known.session.transactionId);
      const refunded = back.reduce((sum, r) => sum + r.amount, 0);
      return c.json({
        ...paymobTransaction(known.session, known.state, keys),
        ...(refunded ? { refunded_amount_cents: refunded, is_refunded: back.some((r) => r.reference === 'refund') } : {}),
        ...(back.some((r) => r.reference === 'void') ? { is_voided: true } : {}),
      });
    })
    .get('/paymob/kiosk/:code', (c) => {
      const found = sessions.byBillReference(c.req.param('code'));
      return found ? c.redirect(`${sessions.publicPath}/pay/${found}`, 302) : c.text('Unknown code', 404);
    });
}
