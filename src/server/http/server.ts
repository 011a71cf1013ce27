import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import sirv from 'sirv';
import { barePathRedirect } from '../../i18n/bare-path.ts';
import { runShutdownHooks } from '../lifecycle.ts';
import { catalogRewrite } from './catalog-rewrites.ts';
import { legacyRedirect } from './legacy-redirects.ts';
import { applySecurityHeaders } from './security-headers.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void | Promise<void>;

export interface ServeOptions {
  distDir: string;
  host: string;
  port: number;
}

/**
 * One process serves everything: pre-rendered pages and hashed assets from dist/client (pre-compressed,
 * immutable when hashed), then the Astro handler for the API and on-demand pages (compressed on the fly).
 */
export async function serve({ distDir, host, port }: ServeOptions): Promise<Server> {
  const entry = (await import(pathToFileURL(join(distDir, 'server', 'entry.mjs')).href)) as { handler: NodeHandler };
  const assets = sirv(join(distDir, 'client'), {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader(
        'cache-control',
        pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });
  const compress = compression({ threshold: 1024 });

  const server = createServer((req, res) => {
    applySecurityHeaders(res);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const moved = legacyRedirect(url);
    if (moved) {
      res.writeHead(301, { location: moved, 'cache-control': 'public, max-age=86400' }).end();
      return;
    }
    const target = barePathRedirect(url, req.headers.cookie ?? null, req.headers['accept-language'] ?? null);
    if (target) {
      res.writeHead(302, { location: target, vary: 'Cookie, Accept-Language', 'cache-control': 'no-store' }).end();
      return;
    }
    const rewritten = catalogRewrite(url, join(distDir, 'client'));
    if (rewritten) req.url = rewritten;
    compress(req as never, res as never, () => {
      assets(req, res, () => {
        void entry.handler(req, res);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}

/** Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then closes the database. */
export function stopGracefully(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    // Keep-alive sockets become idle once their in-flight response is sent; close them as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      clearInterval(sweep);
      await runShutdownHooks();
      resolve();
    });
    server.closeIdleConnections();
  });
}
