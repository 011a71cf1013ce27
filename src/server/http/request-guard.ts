import type { IncomingMessage, ServerResponse } from 'node:http';
import { log } from '../observability/logger.ts';

/**
 * Runs one step of a request so that whatever it throws, at once or later through its promise, reaches `fail`
 * instead of the process (decision 015: one request never takes the shop down).
 */
export function guardAsync(run: () => unknown, fail: (error: unknown) => void): void {
  try {
    const result = run();
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') (result as Promise<unknown>).then(undefined, fail);
  } catch (error) {
    fail(error);
  }
}

/**
 * The answer to a request that failed inside the server: the stack goes to the log under the request id, the
 * client gets a 500 naming that id (JSON under /api, like the API's own errors), or a closed connection when the
 * answer had already started.
 */
export function answerFailure(req: IncomingMessage, res: ServerResponse, requestId: string, error: unknown): void {
  // The path without its query: a query string may carry a token or a code.
  const path = String(req.url).split('?')[0]!.slice(0, 200);
  log().error({ req_id: requestId, method: req.method, path, err: error }, 'request failed');
  if (res.headersSent || res.writableEnded) {
    res.destroy();
    return;
  }
  const api = String(req.url).startsWith('/api/');
  res.writeHead(500, {
    'content-type': api ? 'application/json' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(
    api
      ? JSON.stringify({ message: 'Unknown error', messages: ['Unknown error'], errors: {}, request_id: requestId })
      : `500 Unknown error (request ${requestId})\n`,
  );
}
