import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serverConfig } from '../config.ts';

/** Header carrying the id the server gives every request; error pages, API errors and the log name it. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Gives the request a fresh id (never one the client sent: log lines must not be forgeable) and echoes it on the
 * response, so a shopper's "request id" on an error page finds the stack in the server log.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  // 12 random hex digits, as before; randomUUID draws from a cached batch of entropy instead of asking the system's
  // generator on every request (randomBytes did: issue 56's profile). Characters 0-7 and 9-12 of a v4 UUID are random.
  const uuid = randomUUID();
  const id = uuid.slice(0, 8) + uuid.slice(9, 13);
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Test-only faults (a forced exception in the middleware or the API), never in production. */
export const testFaultsEnabled = (): boolean => serverConfig().testFaults;
