import { randomInt } from 'node:crypto';
import { jsonFields } from './sandbox-body.ts';
import { Hono } from 'hono';
import { fromPounds, poundsText } from '#lib/money.ts';
import type { SandboxSession } from './sandbox-callbacks.ts';
import type { SandboxContext } from './sandbox-sessions.ts';
import { localeOr } from '#i18n/locales.ts';

const tranRefOf = () => `TST${randomInt(1e9, 9e9)}${randomInt(1e5, 9e5)}`;

/** PayTabs' refund: the same endpoint, tran_type "refund" with the sale's tran_ref; A when approved. */
function payTabsRefund(
  { faults, refunds }: SandboxContext,
  body: Record<string, unknown>,
  amount: number,
): [Record<string, unknown>, 200 | 400] {
  if (
    typeof body['tran_ref'] !== 'string' ||
    typeof body['cart_id'] !== 'string' ||
    body['cart_currency'] !== 'EGP' ||
    !(amount > 0)
  )
    return [{ code: 2, message: 'Invalid request' }, 400];
  const tranRef = tranRefOf();
  const result = faults.refuseRefunds
    ? { response_status: 'D', response_code: '300', response_message: 'Refund declined by the sandbox' }
    : { response_status: 'A', response_code: '000', response_message: 'Authorised' };
  if (!faults.refuseRefunds)
    refunds.push({ protocol: 'paytabs', original: body['tran_ref'], reference: body['cart_id'], amount, refundRef: tranRef });
  const answer = {
    tran_ref: tranRef,
    previous_tran_ref: body['tran_ref'],
    tran_type: 'Refund',
    cart_id: body['cart_id'],
    cart_amount: body['cart_amount'],
    cart_currency: 'EGP',
    payment_result: result,
  };
  return [answer, 200];
}

const RESULT = { reference: 'P', approve: 'A', decline: 'D', cancel: 'C' } as const;

/**
 * The sandbox's PayTabs: `POST /paytabs/payment/request` for a sale (a payment page) or a refund, and
 * `POST /paytabs/payment/query` for a sale's state, as PayTabs answers.
 */
export function payTabsSandbox(context: SandboxContext) {
  const { keys, sessions } = context;
  return new Hono()
    .post('/paytabs/payment/query', async (c) => {
      if (c.req.header('authorization') !== keys.paytabsServerKey)
        return c.json({ code: 1, message: 'Authentication failed. Check authentication header.' }, 401);
      const body = await jsonFields<Record<string, unknown>>(c);
      const known = sessions.outcomeOf(String(body['tran_ref'] ?? ''));
      if (String(body['profile_id']) !== keys.paytabsProfileId || !known || known.session.protocol !== 'paytabs')
        return c.json({ code: 2, message: 'Transaction not found' }, 400);
      const { session, state } = known;
      return c.json({
        tran_ref: session.tranRef,
        tran_type: 'Sale',
        cart_id: session.reference,
        cart_currency: session.currency,
        cart_amount: poundsText(session.amount),
        tran_currency: session.currency,
        tran_total: poundsText(session.amount),
        payment_result: { response_status: RESULT[state], response_code: state === 'approve' ? '000' : '300' },
      });
    })
    .post('/paytabs/payment/request', async (c) => {
      if (c.req.header('authorization') !== keys.paytabsServerKey)
        return c.json({ code: 1, message: 'Authentication failed. Check authentication header.' }, 401);
      const body = await jsonFields<Record<string, unknown>>(c);
      const amount = fromPounds(String(body['cart_amount'] ?? ''));
      if (body['tran_type'] === 'refund') return c.json(...payTabsRefund(context, body, amount));
      const ok =
        String(body['profile_id']) === keys.paytabsProfileId &&
        typeof body['cart_id'] === 'string' &&
        typeof body['callback'] === 'string' &&
        typeof body['return'] === 'string' &&
        body['cart_currency'] === 'EGP' &&
        amount > 0;
      if (!ok) return c.json({ code: 2, message: 'Invalid request' }, 400);
      const tranRef = tranRefOf();
      const session: SandboxSession = {
        protocol: 'paytabs',
        tranRef,
        reference: body['cart_id'] as string,
        amount,
        currency: 'EGP',
        callbackUrl: body['callback'] as string,
        returnUrl: body['return'] as string,
        cancelUrl: null,
        lang: localeOr(body['paypage_lang']),
      };
      const redirect = sessions.open(session, new URL(c.req.url).origin);
      // Known to the transaction query from now on: pending until the page is answered.
      sessions.noteOutcome(redirect.slice(redirect.lastIndexOf('/') + 1), session, 'reference');
      return c.json({
        tran_ref: tranRef,
        cart_id: body['cart_id'],
        cart_amount: body['cart_amount'],
        cart_currency: 'EGP',
        redirect_url: redirect,
      });
    });
}
