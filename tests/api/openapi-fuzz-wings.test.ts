import fc from 'fast-check';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { usePublishRunner } from '../../src/desk/content/server/publish-runner.ts';
import { newTally, operationsOf, requestFor, RUNS, SEED, sender } from '../support/openapi-requests.ts';
import { useSandboxProviders } from '../support/online-payments.ts';
import { makeSeller, makeSellerMember } from '../support/seller.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Requests generated from the desk's and the seller portal's OpenAPI documents (issue 49), valid and hostile, over
 * every operation, as a signed-in owner of each side (and sometimes signed out): never a 5xx, every answer as the
 * document says, success bodies included (each feature's `server/*-answers.ts`). Writes land on this file's own
 * database. A generated request may end the caller's session (sign-out, a password change, a suspended member): a new
 * owner signs in before the next operation. Publishing builds nothing here (a stand-in runner); payment refunds go to
 * the sandbox provider. FUZZ_RUNS and FUZZ_SEED as in openapi-fuzz.test.ts (the wings take a third of the runs: their
 * operations are many and their answers cheap to check).
 */
const WING_RUNS = Math.max(3, Math.round(RUNS / 3));
const testing = await testApi();
const { api, db, answers } = testing;
useSandboxProviders(testing.close);
let restorePublish: () => void = () => undefined;
beforeAll(() => {
  restorePublish = usePublishRunner(async () => ({ ok: true, buildId: 'fuzz', message: 'Published' }));
});
afterAll(() => restorePublish());

const seller = await makeSeller(db);
const sides = {
  desk: { scheme: 'staffCookie', signIn: async () => (await makeStaff(db, api, 'owner')).cookie, me: '/api/admin/me' },
  seller: {
    scheme: 'sellerCookie',
    signIn: async () => (await makeSellerMember(db, seller, 'owner')).cookie,
    me: '/api/seller/me',
  },
} as const;
const tally = newTally();
const send = sender(api, answers, tally);

describe.each(['desk', 'seller'] as const)(
  'generated requests over every %s operation: no 5xx, every answer as documented',
  (side) => {
    const document = answers.documents[side];
    const { scheme, signIn, me } = sides[side];
    let cookie = '';
    const credentials = { scheme, headers: () => ({ cookie }) };
    test.each(operationsOf(document).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
      '%s',
      { timeout: 20_000 + WING_RUNS * 500 },
      async (_name, o) => {
        if (!cookie || (await api.request(me, { headers: { cookie } })).status !== 200) cookie = await signIn();
        await fc.assert(
          fc.asyncProperty(requestFor(document, o, credentials), async (request) => {
            await send(request);
          }),
          { numRuns: WING_RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
      },
    );
  },
);

afterAll(() => {
  // The CI figures (docs/api.md): generated requests, answers checked against the documents, 5xx.
  console.log(
    `[openapi fuzz, desk and seller] ${tally.requests} requests, ${tally.checked} answers checked, ${tally.serverErrors} × 5xx; statuses ${JSON.stringify(tally.statuses)}`,
  );
});
