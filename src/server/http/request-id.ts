import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serverConfig } from '../config.ts';

/** Header carrying the id the server gives every request; error pages, API errors and the log name it. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Gives the request a fresh id (never one the client sent: log lines must not be forgeable) and echoes it on the
 * response, so a shopper's "request id" on an error page finds the stack in the server log.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const id = randomBytes(6).toString('hex');
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Test-only faults (a forced exception in the middleware or the API), never in production. */
export const testFaultsEnabled = (): boolean => serverConfig().testFaults;
