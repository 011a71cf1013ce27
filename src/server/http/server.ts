import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { catalogVersion } from '../services/catalog/catalog-version.ts';
import compression from 'compression';
import { barePathRedirect } from '#i18n/bare-path.ts';
import { runShutdownHooks } from '../lifecycle.ts';
import { catalogRewrite } from './catalog-rewrites.ts';
import { paymentReturnTarget } from '../payments/return-target.ts';
import { legacyRedirect } from './legacy-redirects.ts';
import { canonicalSlash, transportPolicy } from './transport.ts';
import { assignRequestId } from './request-id.ts';
import { followPointer, loadSite, pointedBuild, type Site } from './live-site.ts';
import { SecureResponse } from './security-headers.ts';
import { buildAnswerOf } from './build-answers.ts';
import { answerFailure, guardAsync } from './request-guard.ts';
import { refuseRequest } from './request-checks.ts';
import { malformedRequestAnswer, refusalAnswer } from './refusal-answer.ts';
import { serverConfig } from '../config.ts';
import { stopBackgroundJobs } from '#app/background-jobs.ts';
import { log } from '../observability/logger.ts';
import { nameRoute, withRequestRecord } from '../observability/request-context.ts';
import { observeRequest } from './request-log.ts';
import { setServingBuild } from './serving-build.ts';

export interface ServeOptions {
  /** The build served when no publish pointer exists (`npm run build` writes ./dist). */
  distDir: string;
  host: string;
  port: number;
  /** Where `npm run publish` keeps builds and the `current` pointer; followed when given. */
  buildsDir?: string | undefined;
}

/** Builds kept for their hashed assets after a switch: a page opened earlier still loads its chunks. */
const KEEP_PREVIOUS = 3;

/**
 * How long an idle keep-alive connection stays open. Node's 5 s default races clients that reuse a connection just as
 * the server closes it: the request meets the close and fails with ECONNRESET (a journey's API call did, in CI at load
 * 10, after 5 s of browser steps). A client (Node's agent, a browser) closes its side a little before the timeout it is
 * told in `Keep-Alive`, and reverse proxies and load balancers keep upstream connections idle for up to 60 s, so the
 * server outlasts them: the usual 65 s. Headers must then be allowed at least as long.
 */
export const KEEP_ALIVE_MS = 65_000;

/**
 * One process serves everything: pre-rendered pages and hashed assets from dist/client (pre-compressed,
 * immutable when hashed), then the Astro handler for the API and on-demand pages (compressed on the fly).
 */
export async function serve({ distDir, host, port, buildsDir }: ServeOptions): Promise<Server> {
  let live: Site = await loadSite((buildsDir && pointedBuild(buildsDir)) || distDir);
  setServingBuild(live.dir, buildsDir);
  let previous: Site[] = [];
  const compress = compression({ threshold: 1024 });
  // Hashed assets only exist in the build that made them; older builds answer for the pages opened before.
  const olderAssets = (req: IncomingMessage, res: ServerResponse, index: number, last: () => void): void => {
    const site = previous[index];
    if (!site || !req.url?.startsWith('/_astro/')) return last();
    void site.assets(req, res, () => olderAssets(req, res, index + 1, last));
  };

  const { allowedHosts, trustProxy } = serverConfig();
  const servesHost = (name: string) => allowedHosts.has(name);

  const handle = (req: IncomingMessage, res: ServerResponse, fail: (error: unknown) => void): void => {
    const refused = refuseRequest(req, servesHost, trustProxy);
    if (refused) {
      nameRoute('refused');
      const answer = refusalAnswer(req, refused.status, refused.reason);
      res.writeHead(refused.status, { 'content-type': answer.type, 'cache-control': 'no-store', ...refused.headers });
      res.end(answer.body);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const transport = transportPolicy(req);
    if (transport.redirect) {
      nameRoute('redirect');
      res.writeHead(301, { location: transport.redirect, 'cache-control': 'no-store' }).end();
      return;
    }
    if (transport.hsts) res.setHeader('strict-transport-security', transport.hsts);
    const moved = legacyRedirect(url) ?? canonicalSlash(url);
    if (moved) {
      nameRoute('redirect');
      res.writeHead(301, { location: moved, 'cache-control': 'public, max-age=86400' }).end();
      return;
    }
    // Back from a payment page (spec route /api/opay/cancel, and our return URL): GET or a provider's form POST.
    const back = paymentReturnTarget(url);
    if (back) {
      nameRoute('redirect');
      res.writeHead(303, { location: back, 'cache-control': 'no-store' }).end();
      return;
    }
    const target = barePathRedirect(url, req.headers.cookie ?? null, req.headers['accept-language'] ?? null);
    if (target) {
      nameRoute('redirect');
      res.writeHead(302, { location: target, vary: 'Cookie, Accept-Language', 'cache-control': 'no-store' }).end();
      return;
    }
    // One build answers the whole request, even if a publish switches builds meanwhile.
    const site = live;
    // Once the catalog changed after this build went live (a product made, priced or hidden in the desk, an order's
    // stock), its pre-rendered category listings are out of date: they are rendered on demand instead, behind the
    // render cache, like every other listing page.
    const rewritten = catalogRewrite(url, site.clientDir, catalogVersion() === site.catalogVersion);
    if (rewritten) req.url = rewritten;
    // A page the render cache holds is answered now, before the work it does not need (build-answers.ts).
    site.cachedAnswer ??= buildAnswerOf('cachedPage', site.dir);
    if (site.cachedAnswer?.(req, res, rewritten ? new URL(rewritten, 'http://localhost') : url)) return;
    // Pre-rendered pages and assets are `static`; past them, Astro's middleware names its route (`astro` if it did not).
    nameRoute('static');
    const astro = () => {
      nameRoute('astro');
      guardAsync(() => site.handler(req, res), fail);
    };
    // The API has no files: it goes past the static file lookup, to the API itself once the build's API module has
    // loaded (build-answers.ts), to Astro before.
    const api = url.pathname.startsWith('/api/');
    // A pre-rendered page or an asset this build holds in memory goes out at once (files-in-memory.ts).
    if (!api && site.fromMemory(req, res)) return;
    if (api) site.apiAnswer ??= buildAnswerOf('api', site.dir);
    const apiAnswer = api ? site.apiAnswer : undefined;
    compress(req as never, res as never, () => {
      if (apiAnswer) {
        nameRoute('/api/[...path]');
        guardAsync(() => apiAnswer(req, res), fail);
      } else if (api) astro();
      else guardAsync(() => site.assets(req, res, () => olderAssets(req, res, 0, astro)), fail);
    });
  };

  // Every answer carries the security headers (SecureResponse).
  const server = createServer({ ServerResponse: SecureResponse }, (req, res) => {
    const requestId = assignRequestId(req, res);
    const fail = (error: unknown) => answerFailure(req, res, requestId, error);
    // A file streamed to the answer (sirv pipes it) can fail after the head went out, e.g. a build removed while a
    // page of it was still open: that error belongs to this request, not to the process.
    res.on('pipe', (source: NodeJS.ReadableStream) => source.once('error', fail));
    // One log line and the request metrics when the answer is done (request-log.ts).
    withRequestRecord(observeRequest(req, res, requestId), () => guardAsync(() => handle(req, res, fail), fail));
  });
  // A malformed request line or header never reaches the handler: answer 400 (431 for a URL or headers over Node's
  // 16 KiB) in the error model and close, and log it; a socket error of one client never touches the others.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (socket.writable && !socket.destroyed) socket.end(malformedRequestAnswer(error.code));
    else socket.destroy();
    if (error.code !== 'ECONNRESET') log().warn({ reason: error.code ?? error.message }, 'refused a malformed request');
  });
  if (buildsDir) {
    const stop = followPointer(buildsDir, distDir, async (dir) => {
      if (dir === live.dir) return;
      const next = await loadSite(dir);
      previous = [live, ...previous.filter((s) => s.dir !== dir)].slice(0, KEEP_PREVIOUS);
      live = next;
      setServingBuild(dir);
      log().info({ build: dir }, 'now serving the published build');
    });
    server.on('close', stop);
  }
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
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
      // Timers and LISTEN connections first, while the database is still open (src/app/background-jobs.ts).
      await stopBackgroundJobs();
      await runShutdownHooks();
      resolve();
    });
    server.closeIdleConnections();
  });
}
