import type { IncomingMessage, ServerResponse } from 'node:http';
import { log } from '../observability/logger.ts';
import { metrics } from '../observability/metrics.ts';
import type { RequestRecord } from '../observability/request-context.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** nginx's code for a client that went away before its answer was sent. */
const CLIENT_CLOSED = 499;

/**
 * Opens the record of one request and, when its answer is done (or the client left), writes its one log line and
 * counts it: method, route template, status, duration, request id, and the shopper's or staff member's id when an
 * API guard learnt it. Never the URL's query, a header or a body: those carry tokens, codes and passwords.
 */
export function observeRequest(req: IncomingMessage, res: ServerResponse, id: string): RequestRecord {
  const started = performance.now();
  const record: RequestRecord = { id, abort: () => res.destroy() };
  res.once('close', () => {
    const ms = performance.now() - started;
    const method = METHODS.has(req.method ?? '') ? req.method! : 'OTHER';
    const route = record.route ?? 'other';
    // An answer that failed after its head went out is the server's fault, though the connection just ended.
    const status = record.failed ? 500 : res.writableFinished ? res.statusCode : CLIENT_CLOSED;
    const { requests, requestSeconds } = metrics();
    requests.inc({ method, route, status });
    requestSeconds.observe({ method, route }, ms / 1000);
    log().info(
      {
        req_id: id,
        method,
        route,
        status,
        ms: Math.round(ms * 10) / 10,
        ...(record.shopperId !== undefined && { shopper_id: record.shopperId }),
        ...(record.staffId !== undefined && { staff_id: record.staffId }),
      },
      'request',
    );
  });
  return record;
}
