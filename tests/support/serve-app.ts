import { createServer, type IncomingMessage, type Server } from 'node:http';

type FetchApp = { fetch: (request: Request) => Response | Promise<Response> };

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

/** Serves a fetch-style app (a Hono app: a stub provider) on an ephemeral loopback port; `close` stops it. */
export async function serveApp(app: FetchApp): Promise<{ base: string; close: () => Promise<void>; server: Server }> {
  const server = createServer(async (req, res) => {
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await read(req);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const answer = await app.fetch(
      new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url}`, {
        method: req.method ?? 'GET',
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
      }),
    );
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { base, server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
