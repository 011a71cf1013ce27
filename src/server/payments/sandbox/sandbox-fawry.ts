import { randomInt } from 'node:crypto';
import { jsonFields } from './sandbox-body.ts';
import { Hono } from 'hono';
import { log } from '../../observability/logger.ts';
import { fromPounds, poundsText } from '#lib/money.ts';
import {
  cancelSignature,
  chargeSignature,
  notificationSignature,
  refundSignature,
  statusSignature,
  type FawryNotification,
} from '../fawry-signatures.ts';
import { sameSignature } from '../signatures.ts';
import type { PaymobEvent, SandboxKeys, SandboxSession } from './sandbox-callbacks.ts';
import type { SandboxContext } from './sandbox-sessions.ts';

const STATUS: Record<PaymobEvent, string> = { reference: 'UNPAID', approve: 'PAID', decline: 'FAILED', cancel: 'CANCELED' };

/** Fawry's server notification V2 for a reference in this state, signed with its messageSignature recipe. */
export function fawryNotification(
  session: SandboxSession,
  state: PaymobEvent,
  keys: SandboxKeys,
  now = Date.now(),
  status = STATUS[state],
) {
  const notification: FawryNotification = {
    requestId: `c72827d084ea4b88949d91dd2db${randomInt(10_000, 99_999)}`,
    fawryRefNumber: session.tranRef,
    merchantRefNumber: session.reference,
    customerMobile: '01000000000',
    customerMail: 'shopper@example.com',
    paymentAmount: Number(poundsText(session.amount)),
    orderAmount: Number(poundsText(session.amount)),
    fawryFees: 5,
    orderStatus: status,
    paymentMethod: 'PayAtFawry',
    paymentTime: state === 'approve' ? now : undefined,
    paymentRefrenceNumber: state === 'approve' ? String(session.transactionId ?? '') : '',
    orderExpiryDate: now + 48 * 3_600_000,
  };
  notification.messageSignature = notificationSignature(notification, keys.fawrySecurityKey);
  return notification;
}

/** Sends the notification to the URL set in the merchant's Fawry account (here: the shop's, where the charge came from). */
export async function sendFawryNotification(session: SandboxSession, state: PaymobEvent, keys: SandboxKeys): Promise<void> {
  await fetch(session.callbackUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fawryNotification(session, state, keys)),
    signal: AbortSignal.timeout(10_000),
  }).catch((error: unknown) => log().error({ err: error }, 'sandbox gateway: Fawry notification failed'));
}

/**
 * The sandbox's FawryPay: the "pay at Fawry" charge (checked by its signature; the reference's page is the Fawry
 * point's screen, /fawry/kiosk/{reference}), payment status V2 and refunds, answered and signed as Fawry does.
 */
export function fawrySandbox({ keys, faults, refunds, sessions }: SandboxContext) {
  const base = '/fawry/ECommerceWeb/Fawry/payments';
  return new Hono()
    .post(`${base}/charge`, async (c) => {
      const body = await jsonFields<Record<string, unknown>>(c);
      const amount = fromPounds(String(body['amount'] ?? ''));
      const expected = chargeSignature({
        merchantCode: keys.fawryMerchantCode,
        merchantRefNum: String(body['merchantRefNum'] ?? ''),
        customerProfileId: String(body['customerProfileId'] ?? ''),
        paymentMethod: String(body['paymentMethod'] ?? ''),
        amount: String(body['amount'] ?? ''),
        secureKey: keys.fawrySecurityKey,
      });
      if (body['merchantCode'] !== keys.fawryMerchantCode || !sameSignature(String(body['signature'] ?? ''), expected))
        return c.json({ type: 'ChargeResponse', statusCode: 9901, statusDescription: 'Invalid signature' });
      if (body['paymentMethod'] !== 'PAYATFAWRY' || !(amount > 0) || body['currencyCode'] !== 'EGP')
        return c.json({ type: 'ChargeResponse', statusCode: 9946, statusDescription: 'Invalid charge request' });
      const referenceNumber = String(randomInt(900_000_000, 999_999_999));
      const expirationTime = Number(body['paymentExpiry']) || Date.now() + 48 * 3_600_000;
      const session: SandboxSession = {
        protocol: 'fawry',
        tranRef: referenceNumber,
        reference: String(body['merchantRefNum']),
        amount,
        currency: 'EGP',
        callbackUrl: `${new URL(c.req.url).origin}/api/payments/fawry/callback`,
        returnUrl: '',
        cancelUrl: null,
        lang: body['language'] === 'ar-eg' ? 'ar' : 'en',
        methods: ['kiosk'],
        billReference: referenceNumber,
        transactionId: String(randomInt(100_000_000, 999_999_999)),
      };
      const page = sessions.open(session, new URL(c.req.url).origin);
      sessions.noteOutcome(page.slice(page.lastIndexOf('/') + 1), session, 'reference');
      return c.json({
        type: 'ChargeResponse',
        referenceNumber,
        merchantRefNumber: session.reference,
        expirationTime,
        statusCode: 200,
        statusDescription: 'Operation done successfully',
      });
    })
    .get(`${base}/status/v2`, (c) => {
      const code = c.req.query('merchantCode') ?? '';
      const ref = c.req.query('merchantRefNumber') ?? '';
      if (
        code !== keys.fawryMerchantCode ||
        !sameSignature(c.req.query('signature'), statusSignature(code, ref, keys.fawrySecurityKey))
      )
        return c.json({ statusCode: 9901, statusDescription: 'Invalid signature' }, 400);
      const known = sessions.byReference(ref);
      if (!known) return c.json({ statusCode: 9938, statusDescription: 'Order not found' }, 404);
      // A paid reference later refunded is REFUNDED, or PARTIAL_REFUNDED for a part, as Fawry's status V2 says.
      const back = refunds.filter((r) => r.original === known.session.tranRef).reduce((sum, r) => sum + r.amount, 0);
      const status = !back ? STATUS[known.state] : back >= known.session.amount ? 'REFUNDED' : 'PARTIAL_REFUNDED';
      return c.json({
        ...fawryNotification(known.session, known.state, keys, Date.now(), status),
        statusCode: 200,
        type: 'PaymentStatusResponse',
      });
    })
    .post(`${base}/refund`, async (c) => {
      const body = await jsonFields<Record<string, string>>(c);
      const expected = refundSignature({
        merchantCode: keys.fawryMerchantCode,
        referenceNumber: String(body['referenceNumber'] ?? ''),
        refundAmount: String(body['refundAmount'] ?? ''),
        reason: String(body['reason'] ?? ''),
        secureKey: keys.fawrySecurityKey,
      });
      if (body['merchantCode'] !== keys.fawryMerchantCode || !sameSignature(body['signature'], expected))
        return c.json({ type: 'ResponseDataModel', statusCode: 9901, statusDescription: 'Invalid signature' });
      const known = sessions.outcomeOf(String(body['referenceNumber']));
      const amount = fromPounds(String(body['refundAmount'] ?? ''));
      const before = refunds.filter((r) => r.original === body['referenceNumber']).reduce((s, r) => s + r.amount, 0);
      if (!known || known.state !== 'approve' || !(amount > 0) || before + amount > known.session.amount || faults.refuseRefunds)
        return c.json({ type: 'ResponseDataModel', statusCode: 9954, statusDescription: 'Refund is not allowed for this order' });
      refunds.push({
        protocol: 'fawry',
        original: known.session.tranRef,
        reference: body['reason'] ?? '',
        amount,
        refundRef: known.session.tranRef,
      });
      return c.json({ type: 'ResponseDataModel', statusCode: 200, statusDescription: 'Operation done successfully' });
    })
    .post('/fawry/ECommerceWeb/api/orders/cancel-unpaid-order', async (c) => {
      const body = await jsonFields<Record<string, string>>(c);
      const expected = cancelSignature(
        body['orderRefNo'] ?? '',
        keys.fawryMerchantCode,
        body['lang'] ?? '',
        keys.fawrySecurityKey,
      );
      if (body['merchantAccount'] !== keys.fawryMerchantCode || !sameSignature(body['signature'], expected))
        return c.json({ code: 9901, description: 'Invalid signature' }, 400);
      const known = sessions.outcomeOf(String(body['orderRefNo']));
      if (!known || known.state !== 'reference') return c.json({ code: 9955, description: 'Order is not unpaid' }, 400);
      const token = sessions.byBillReference(known.session.tranRef);
      if (token) sessions.close(token);
      sessions.noteOutcome(token ?? '', known.session, 'cancel');
      return c.json({ code: 200, description: 'Order cancelled successfully' });
    })
    .get('/fawry/kiosk/:code', (c) => {
      const found = sessions.byBillReference(c.req.param('code'));
      return found ? c.redirect(`${sessions.publicPath}/pay/${found}`, 302) : c.text('Unknown code', 404);
    });
}
