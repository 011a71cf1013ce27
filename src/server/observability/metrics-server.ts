import { sameSecret } from '../constant-time.ts';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { searchIndexState } from '../search/registry.ts';
import { log } from './logger.ts';
import { metrics } from './metrics.ts';
import { shopBacklog } from './shop-backlog.ts';

/** Whether the request carries the scrape token (compared in constant time); any request when there is none. */
export function scrapeAllowed(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  return sameSecret(req.headers.authorization, `Bearer ${token}`);
}

/**
 * The Prometheus endpoint on its own listener (METRICS_PORT on METRICS_HOST, loopback by default), never the shop's
 * public port: `GET /metrics`, with `Authorization: Bearer $METRICS_TOKEN` when a token is set. The gauges that read
 * the database and the search index are computed on each scrape (src/server/observability/metrics.ts).
 * Returns undefined when METRICS_PORT is unset.
 */
export async function serveMetrics(
  db: ShopDb,
  config: { port: number; host: string; token: string | undefined } = serverConfig().metrics,
): Promise<Server | undefined> {
  if (!config.port) return undefined;
  const { registry, readers, newScrape } = metrics();
  readers.shop = () => shopBacklog(db);
  readers.searchIndex = () => searchIndexState(db);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
    if (!scrapeAllowed(req, config.token))
      return void res
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' })
        .end('Unauthorized\n');
    newScrape();
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        log().error({ err: error }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  return server;
}
