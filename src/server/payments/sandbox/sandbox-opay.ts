import { randomInt } from 'node:crypto';
import { jsonFields } from './sandbox-body.ts';
import { Hono } from 'hono';
import { hmacHex, sameSignature } from '../signatures.ts';
import type { SandboxContext } from './sandbox-sessions.ts';
import type { SandboxSession } from './sandbox-callbacks.ts';
import { localeOr, type Locale } from '#i18n/locales.ts';

const langOf = (url: string): Locale => localeOr(new URL(url).searchParams.get('lang'));
const invalid = { code: '02001', message: 'request parameters not valid' } as const;
const validTotal = (total: number | undefined, currency: string | undefined): total is number =>
  currency === 'EGP' && Number.isInteger(total) && total! > 0;

const STATUS = { reference: 'INITIAL', approve: 'SUCCESS', decline: 'FAIL', cancel: 'CLOSE' } as const;

/** The sandbox's OPay: the cashier (a payment page), its status query and refunds, signed and answered as OPay does. */
export function opaySandbox({ keys, faults, refunds, sessions }: SandboxContext) {
  // OPay's API call signature: `Authorization: Bearer {HMAC-SHA512 of the body keyed by the secret key}`, MerchantId.
  const signedByMerchant = (authorization: string | undefined, merchantId: string | undefined, raw: string) =>
    sameSignature(authorization?.slice(7), hmacHex('sha512', keys.opaySecretKey, raw)) && merchantId === keys.opayMerchantId;
  return new Hono()
    .post('/opay/api/v1/international/cashier/create', async (c) => {
      if (c.req.header('authorization') !== `Bearer ${keys.opayPublicKey}` || c.req.header('merchantid') !== keys.opayMerchantId)
        return c.json({ code: '02000', message: 'authentication failed' }, 401);
      const body = await jsonFields<{
        reference?: string;
        amount?: { total?: number; currency?: string };
        returnUrl?: string;
        cancelUrl?: string;
        callbackUrl?: string;
      }>(c);
      const total = body.amount?.total;
      if (!body.reference || !body.returnUrl || !body.callbackUrl || !validTotal(total, body.amount?.currency))
        return c.json(invalid, 400);
      const orderNo = `2${randomInt(1e9, 9e9)}${randomInt(1e8, 9e8)}`;
      const session: SandboxSession = {
        protocol: 'opay',
        tranRef: orderNo,
        reference: body.reference,
        amount: total,
        currency: 'EGP',
        callbackUrl: body.callbackUrl,
        returnUrl: body.returnUrl,
        cancelUrl: body.cancelUrl ?? null,
        lang: langOf(body.returnUrl),
      };
      const cashierUrl = sessions.open(session, new URL(c.req.url).origin);
      // Known to the status query from now on: INITIAL until the page is answered.
      sessions.noteOutcome(cashierUrl.slice(cashierUrl.lastIndexOf('/') + 1), session, 'reference');
      return c.json({
        code: '00000',
        message: 'SUCCESSFUL',
        data: { reference: body.reference, orderNo, cashierUrl, status: 'INITIAL', amount: { total, currency: 'EGP' } },
      });
    })
    .post('/opay/api/v1/international/cashier/status', async (c) => {
      const raw = await c.req.text();
      if (!signedByMerchant(c.req.header('authorization'), c.req.header('merchantid'), raw))
        return c.json({ code: '02000', message: 'authentication failed' }, 401);
      const body = (JSON.parse(raw || '{}') ?? {}) as { reference?: string };
      const known = sessions.byReference(body.reference ?? '');
      if (!known || known.session.protocol !== 'opay') return c.json({ code: '02006', message: 'order not found' });
      const { session, state } = known;
      return c.json({
        code: '00000',
        message: 'SUCCESSFUL',
        data: {
          reference: session.reference,
          orderNo: session.tranRef,
          status: STATUS[state],
          amount: { total: session.amount, currency: session.currency },
        },
      });
    })
    .post('/opay/api/v1/international/payment/refund/create', async (c) => {
      const raw = await c.req.text();
      if (!signedByMerchant(c.req.header('authorization'), c.req.header('merchantid'), raw))
        return c.json({ code: '02000', message: 'authentication failed' }, 401);
      const body = (JSON.parse(raw || '{}') ?? {}) as {
        reference?: string;
        originalReference?: string;
        amount?: { total?: number; currency?: string };
      };
      const total = body.amount?.total;
      if (!body.reference || !body.originalReference || !validTotal(total, body.amount?.currency)) return c.json(invalid, 400);
      if (faults.refuseRefunds) return c.json({ code: '02002', message: 'refund refused by the sandbox' });
      const orderNo = `3${randomInt(1e9, 9e9)}${randomInt(1e8, 9e8)}`;
      refunds.push({
        protocol: 'opay',
        original: body.originalReference,
        reference: body.reference,
        amount: total,
        refundRef: orderNo,
      });
      return c.json({
        code: '00000',
        message: 'SUCCESSFUL',
        data: { reference: body.reference, orderNo, refundAmount: { total, currency: 'EGP' }, orderStatus: 'SUCCESS' },
      });
    });
}
