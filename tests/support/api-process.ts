/**
 * The shop's API as a process of its own, with the background jobs `npm start` runs (the message outbox among them),
 * for tests that kill it (`kill -9`) and start it again on the same database file. Not the Astro build: the API is
 * what /api is in the real server (src/pages/api/[...path].ts hands every request to the same Hono app), so no test
 * has to build the site. Run with `node --experimental-transform-types tests/support/api-process.ts`; the
 * configuration comes from the environment (DATABASE_PATH, MESSAGING, MESSAGE_SEND_MS…). Prints `ready <base URL>`.
 */
import { createApi } from '../../src/app/app.ts';
import { startBackgroundJobs } from '../../src/app/background-jobs.ts';
import { sharedDatabase } from '../../src/server/db/index.ts';
import { serveApp } from './serve-app.ts';

const { db } = await sharedDatabase();
const api = createApi({ db });
const { base } = await serveApp(api, { env: () => ({ clientAddress: '127.0.0.1' }) });
startBackgroundJobs(db, { databaseUrl: undefined, contentSchedule: false });
console.log(`ready ${base}`);
