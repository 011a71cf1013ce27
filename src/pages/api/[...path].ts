import type { APIRoute } from 'astro';
import { createApi, type Api } from '#app/app.ts';
import { sharedDatabase } from '#server/db/index.ts';

export const prerender = false;

let api: Promise<Api> | undefined;

/** Every /api request goes to the Hono app (src/server/api). */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  api ??= sharedDatabase().then(({ db }) => createApi({ db }));
  return (await api).fetch(request, { clientAddress });
};
