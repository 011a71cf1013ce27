import { Hono } from 'hono';
import * as z from 'zod/mini';
import { courierCompany } from '../couriers/companies.ts';
import { CourierApiError, WEBHOOK_SECRET_HEADER } from '../couriers/courier-company.ts';
import { driveSandbox, type PostWebhook } from '../couriers/sandbox-courier.ts';
import { SANDBOX_ACTIONS, type SandboxAction } from '../couriers/sandbox-parcel-states.ts';
import { receiveWebhook } from '../couriers/tracking.ts';
import { serverConfig } from '../config.ts';
import { Problem } from '../problem.ts';
import type { ApiEnv } from './context.ts';
import { countedWebhook } from '../observability/business-metrics.ts';
import { metrics } from '../observability/metrics.ts';
import { documenter, ok, refused } from './openapi/describe.ts';

const documented = documenter('Webhooks');

/**
 * The courier companies' webhooks (issue 38): `POST /api/couriers/{company}/webhook`, refused (401) without the
 * secret header; the answer says what the notice did (`moved`, `unchanged`, `contradicted`, `unknown`), always 200
 * once the secret is right, so the company does not retry a notice we chose to ignore.
 */
export const courierWebhookRoutes = new Hono<ApiEnv>().post(
  '/couriers/:company/webhook',
  documented({
    summary: "A courier company's tracking notice (Bosta)",
    description: `Couriers do not sign their webhooks: the shop gives the company a secret header with each delivery (Bosta's \`webhookCustomHeaders\`) and a notice is read only when it carries \`${WEBHOOK_SECRET_HEADER}\` with that secret (compared in constant time). Even then it is only a hint: the delivery is fetched again from the company's API and only that answer moves the order. The body is the company's own payload (Bosta: \`{ _id, trackingNumber, state, businessReference, numberOfAttempts, … }\`, \`state\` the bare state code).`,
    security: 'signature',
    responses: {
      200: ok(
        "What the notice did: `moved` the order, `unchanged`, `contradicted` by the company's API (ignored), or `unknown` (not our delivery).",
        z.object({ outcome: z.enum(['moved', 'unchanged', 'contradicted', 'unknown']) }),
      ),
      401: refused('The secret header is missing or wrong; nothing is read.'),
      404: refused('No such courier company configured here.'),
      502: refused('The company could not be asked for the delivery: nothing moved (the company sends the notice again).'),
      422: refused('No tracking number or state in the body.'),
      413: refused('Larger than 64 KB: refused while it arrives, before the secret is checked.'),
    },
  }),
  async (c) => {
    const db = c.get('db');
    const company = courierCompany(db, c.req.param('company'));
    // The body is parsed only after the company's secret header passed (receiveWebhook → readWebhook).
    const readBody = (): Promise<unknown> => c.req.json().catch(() => null);
    const outcome = await countedWebhook(
      (counted) => metrics().webhooks.inc({ provider: company.name, outcome: counted }),
      () => receiveWebhook(db, company, c.req.raw.headers, readBody),
      // A notice that changed nothing is the company repeating itself; one its own API contradicts is not believed.
      (said) => (said === 'unchanged' ? 'duplicate' : said === 'contradicted' ? 'refused' : 'accepted'),
    );
    return c.json({ data: { outcome } });
  },
);

/**
 * The sandbox courier's controls (demo and tests, never production: COURIER_SANDBOX): moves a parcel as the company
 * would — `advance` one step, `deliver`, `fail` an attempt, `return` — and posts each state as a webhook through
 * `post` (the shop's own API, so the webhook route checks it). Left out of the API documents by its path, as the
 * payment sandbox is (`audienceOf` in openapi/document.ts).
 */
export function sandboxCourierRoutes(post: PostWebhook) {
  const sandboxOn = () => {
    if (!serverConfig().sandboxCourier) throw new Problem(404, 'couriers.companyNotFound');
  };
  return (
    new Hono<ApiEnv>()
      // The sandbox's tracking "page" (its tracking link): where the parcel is, as the company's API answers it.
      .get('/sandbox-courier/deliveries/:tracking', async (c) => {
        sandboxOn();
        try {
          return c.json({ data: await courierCompany(c.get('db'), 'sandbox').track(c.req.param('tracking')) });
        } catch (error) {
          if (error instanceof CourierApiError) throw new Problem(404, 'couriers.deliveryNotFound');
          throw error;
        }
      })
      .post('/sandbox-courier/deliveries/:tracking/:action', async (c) => {
        sandboxOn();
        const action = c.req.param('action') as SandboxAction;
        if (!SANDBOX_ACTIONS.includes(action)) throw new Problem(404, 'couriers.deliveryNotFound');
        try {
          const delivery = await driveSandbox(c.get('db'), c.req.param('tracking'), action, post);
          return c.json({ data: delivery });
        } catch (error) {
          if (!(error instanceof CourierApiError)) throw error;
          throw new Problem(
            error.companyStatus === 404 ? 404 : 409,
            error.companyStatus === 404 ? 'couriers.deliveryNotFound' : 'couriers.deliveryClosed',
          );
        }
      })
  );
}
