// The cluster's courier company (issue 54): Bosta's v2 API served once, on its own port, for every instance, as Bosta
// is one service outside the shop. The built-in sandbox courier (src/server/couriers/sandbox-courier.ts) keeps its
// parcels in each process's memory: behind the proxy, a parcel handed over through one instance would be unknown to
// the next one a notice or a tracking lookup lands on, and a genuine notice would be answered `unknown`. So the
// instances are given this company's keys as Bosta's (BOSTA_API_KEY, BOSTA_WEBHOOK_SECRET) and reach it at
// BOSTA_BASE_URL; the shop's real Bosta adapter (bosta.ts) creates, reads and cancels deliveries here, and this company
// posts its notices to the webhook URL and secret header each delivery was created with (the proxy, SITE_URL), as
// Bosta does: retried until answered 2xx, and sometimes once more. Parcels move as the sandbox courier's do
// (sandbox-parcel-states.ts); `drive` is the courier's van.
import { Hono } from 'hono';
import { randomBytes, randomInt } from 'node:crypto';
import { bostaStep } from '../../src/lib/couriers/courier-steps.ts';
import { BOSTA_CITIES } from '../../src/lib/couriers/handover-address.ts';
import { fromPounds } from '../../src/lib/money.ts';
import { BOSTA_EGYPT_ID } from '../../src/server/couriers/bosta-districts.ts';
import { bostaNoticeBody, CLOSED_STATES, inState, statesFor } from '../../src/server/couriers/sandbox-parcel-states.ts';
import { serveApp } from '../../tests/support/serve-app.ts';

/** The districts it delivers to in every city it serves (the chaos shoppers live in Zamalek, tests/support/orders.ts). */
const DISTRICTS = [
  { districtName: 'Zamalek', districtOtherName: 'الزمالك' },
  { districtName: 'Dokki', districtOtherName: 'الدقي' },
  { districtName: 'Maadi', districtOtherName: 'المعادي' },
  { districtName: 'Heliopolis', districtOtherName: 'مصر الجديدة' },
];

const success = (data) => ({ success: true, message: 'done', data });
const failure = (message) => ({ success: false, message });
const asRead = (parcel) => ({
  _id: parcel.delivery.providerId,
  trackingNumber: parcel.delivery.trackingNumber,
  state: { code: parcel.delivery.stateCode, value: parcel.delivery.step },
  type: { code: parcel.type },
  cod: parcel.delivery.cod / 100,
  businessReference: parcel.delivery.businessReference,
  numberOfAttempts: parcel.delivery.attempts,
});

/**
 * The company's API (a Hono app) over `parcels` (tracking number → parcel). Answers as Bosta documents it
 * (src/server/couriers/bosta.test.ts cites the shapes): the API key as the bare Authorization header, `{success,
 * message, data}` bodies.
 */
export function courierCompanyApi({ apiKey, parcels }) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (c.req.header('authorization') !== apiKey) return c.json(failure('Unauthorized'), 401);
    await next();
  });
  const found = (c) => parcels.get(c.req.param('tracking'));
  return (
    app
      // Egypt's cities (the shop asks for Egypt's id): Bosta's names, as the shop maps its governorates to them.
      .get('/cities', (c) =>
        c.json(
          success(
            c.req.query('countryId') === BOSTA_EGYPT_ID
              ? Object.values(BOSTA_CITIES).map((name) => ({ _id: `city-${name}`, name }))
              : [],
          ),
        ),
      )
      .get('/cities/:city/districts', (c) =>
        c.json(
          success(
            DISTRICTS.map((d) => ({
              ...d,
              zoneId: `${c.req.param('city')}-${d.districtName}`,
              zoneName: d.districtName,
              districtId: `${c.req.param('city')}-${d.districtName}`.toLowerCase(),
              pickupAvailability: true,
              dropOffAvailability: true,
            })),
          ),
        ),
      )
      .post('/deliveries', async (c) => {
        const body = await c.req.json();
        if (c.req.query('apiVersion') !== '1' || ![10, 25].includes(body.type) || !body.businessReference)
          return c.json(failure('type and businessReference are required'), 400);
        let trackingNumber;
        do trackingNumber = String(randomInt(10_000_000, 99_999_999));
        while (parcels.has(trackingNumber));
        const parcel = {
          type: body.type,
          webhookUrl: body.webhookUrl,
          webhookHeaders: body.webhookCustomHeaders ?? {},
          delivery: {
            trackingNumber,
            providerId: `dlv_${randomBytes(6).toString('hex')}`,
            stateCode: 10,
            step: bostaStep(10),
            attempts: 0,
            cod: fromPounds(body.cod ?? 0),
            businessReference: String(body.businessReference),
          },
        };
        parcels.set(trackingNumber, parcel);
        return c.json(success(asRead(parcel)));
      })
      .post('/deliveries/search', async (c) => {
        const { businessReference } = await c.req.json();
        const list = [...parcels.values()].filter((p) => p.delivery.businessReference === String(businessReference));
        return c.json(success({ deliveries: list.map(asRead) }));
      })
      .get('/deliveries/business/:tracking', (c) => {
        const parcel = found(c);
        return parcel ? c.json(success(asRead(parcel))) : c.json(failure('Delivery not found'), 404);
      })
      .delete('/deliveries/business/:tracking/terminate', (c) => {
        const parcel = found(c);
        if (!parcel) return c.json(failure('Delivery not found'), 404);
        if (parcel.delivery.step !== 'created') return c.json(failure('already picked up'), 400);
        parcel.delivery = inState(parcel.delivery, 48);
        return c.json(success(null));
      })
  );
}

/**
 * Starts the company on a loopback port. `env` is what each instance needs to use it; `drive(trackingNumber,
 * action)` moves a parcel and sends each state's notice (retried until taken); `notices` records every notice sent
 * (the last answer: HTTP status and the shop's `outcome`); `post` is how a notice goes out (`usePost` replaces it, so
 * the chaos run counts them with its other requests).
 */
export async function startCourierCompany() {
  const apiKey = randomBytes(16).toString('hex');
  const secret = randomBytes(16).toString('hex');
  const parcels = new Map();
  const served = await serveApp(courierCompanyApi({ apiKey, parcels }));
  const notices = [];
  let post = async (url, init) => {
    const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) }).catch(() => null);
    return answer && { status: answer.status, text: await answer.text() };
  };
  const outcomeOf = (answer) => {
    try {
      return JSON.parse(answer.text).data?.outcome ?? null;
    } catch {
      return null;
    }
  };

  /** One notice of the parcel's current state: posted until answered 2xx (ten tries), and a third of the time again. */
  async function notify(parcel) {
    const body = JSON.stringify(bostaNoticeBody(parcel.delivery));
    const init = { method: 'POST', headers: { ...parcel.webhookHeaders, 'content-type': 'application/json' }, body };
    const notice = { trackingNumber: parcel.delivery.trackingNumber, state: parcel.delivery.stateCode, posts: 0 };
    notices.push(notice);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await post(parcel.webhookUrl, init);
      notice.posts += 1;
      notice.status = answer?.status ?? 0;
      notice.outcome = answer ? outcomeOf(answer) : null;
      if (answer && answer.status >= 200 && answer.status < 300) break;
      await new Promise((done) => setTimeout(done, 300));
    }
    // A retry whose first answer was lost on the way back: the shop must take it as a repeat.
    if (Math.random() < 1 / 3) {
      const again = await post(parcel.webhookUrl, init);
      notice.posts += 1;
      notice.repeatOutcome = again ? outcomeOf(again) : null;
    }
  }

  return {
    base: served.base,
    apiKey,
    secret,
    parcels,
    notices,
    env: { BOSTA_API_KEY: apiKey, BOSTA_WEBHOOK_SECRET: secret, BOSTA_BASE_URL: served.base },
    usePost(next) {
      post = next;
    },
    /** Moves the parcel for `action` (sandbox-parcel-states.ts), each state's notice sent before the next state. */
    async drive(trackingNumber, action) {
      const parcel = parcels.get(trackingNumber);
      if (!parcel || CLOSED_STATES.includes(parcel.delivery.stateCode)) return null;
      for (const code of statesFor(action, parcel.delivery.stateCode)) {
        parcel.delivery = inState(parcel.delivery, code);
        await notify(parcel);
      }
      return { ...parcel.delivery };
    },
    close: served.close,
  };
}
