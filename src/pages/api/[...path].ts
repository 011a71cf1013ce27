import type { APIRoute } from 'astro';
import { createRequestFromNodeRequest, writeResponse } from 'astro/app/node';
import { createApi, type Api } from '#app/app.ts';
import { sharedDatabase } from '#server/db/index.ts';
import { registerBuildAnswer } from '#server/http/build-answers.ts';

export const prerender = false;

let api: Promise<Api> | undefined;
const shopApi = (): Promise<Api> => (api ??= sharedDatabase().then(({ db }) => createApi({ db })));

/** Every /api request goes to the Hono app (src/server/api). */
export const ALL: APIRoute = async ({ request, clientAddress }) => (await shopApi()).fetch(request, { clientAddress });

/** Astro's own request body limit in middleware mode (@astrojs/node's default); each route's limit is the API's. */
const BODY_SIZE_LIMIT = 1024 * 1024 * 1024;
const CLIENT_ADDRESS = Symbol.for('astro.clientAddress');

/**
 * The same answer, asked by the server directly once this module has loaded (the build's first /api request comes
 * through Astro): the Node request made a `Request` and the `Response` written back exactly as Astro's Node adapter
 * does (its own functions: host, client address, body, abort, cookies, streaming), without Astro's routing,
 * middleware and rendering, which do nothing for the API (src/middleware.ts passes /api through) and cost a third of
 * a small answer's CPU (issue 56, decision 035).
 */
registerBuildAnswer('api', import.meta.url, async (req, res) => {
  const request = createRequestFromNodeRequest(req, { bodySizeLimit: BODY_SIZE_LIMIT });
  const clientAddress = Reflect.get(request, CLIENT_ADDRESS) as string | undefined;
  await writeResponse(await (await shopApi()).fetch(request, { clientAddress }), res);
});
