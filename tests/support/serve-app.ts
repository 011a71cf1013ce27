import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { observeRequest } from '../../src/server/http/request-log.ts';
import { withRequestRecord } from '../../src/server/observability/request-context.ts';

type FetchApp = { fetch: (request: Request, env?: object) => Response | Promise<Response> };

export interface ServeAppOptions {
  /**
   * Serve as the shop's server does for the request log and metrics (src/server/http/request-log.ts): each request
   * gets a record, its route and requester named by the app, and one log line when answered.
   */
  observe?: boolean;
  /** Bindings handed to the app with each request (the API's `clientAddress`). */
  env?: () => object;
}

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

/** Serves a fetch-style app (a Hono app: a stub provider) on an ephemeral loopback port; `close` stops it. */
export async function serveApp(
  app: FetchApp,
  options: ServeAppOptions = {},
): Promise<{ base: string; close: () => Promise<void>; server: Server }> {
  const server = createServer((req, res) => {
    const answer = async () => {
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await read(req);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const answer = await app.fetch(
        new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url}`, {
          method: req.method ?? 'GET',
          headers,
          ...(body ? { body: new Uint8Array(body) } : {}),
        }),
        options.env?.(),
      );
      const head = new Headers(answer.headers);
      const cookies = answer.headers.getSetCookie();
      head.delete('set-cookie');
      res.writeHead(answer.status, { ...Object.fromEntries(head), ...(cookies.length ? { 'set-cookie': cookies } : {}) });
      res.end(Buffer.from(await answer.arrayBuffer()));
    };
    if (!options.observe) return void answer();
    const id = randomBytes(6).toString('hex');
    void withRequestRecord(observeRequest(req, res, id), answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { base, server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
