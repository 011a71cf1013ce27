import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import { hmacHex, sameSignature } from '../signatures.ts';
import type { SandboxContext } from './sandbox-sessions.ts';

const langOf = (url: string): 'en' | 'ar' => (new URL(url).searchParams.get('lang') === 'ar' ? 'ar' : 'en');
const invalid = { code: '02001', message: 'request parameters not valid' } as const;
const validTotal = (total: number | undefined, currency: string | undefined): total is number =>
  currency === 'EGP' && Number.isInteger(total) && total! > 0;

/** The sandbox's OPay: the cashier (a payment page) and refunds, signed and answered as OPay does. */
export function opaySandbox({ keys, faults, refunds, sessions }: SandboxContext) {
  return new Hono()
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
      if (!body.reference || !body.returnUrl || !body.callbackUrl || !validTotal(total, body.amount?.currency))
        return c.json(invalid, 400);
      const orderNo = `2${randomInt(1e9, 9e9)}${randomInt(1e8, 9e8)}`;
      const cashierUrl = sessions.open(
        {
          protocol: 'opay',
          tranRef: orderNo,
          reference: body.reference,
          amount: total,
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
