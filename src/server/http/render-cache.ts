import { serverConfig } from '../config.ts';
import { withFinishedHtml } from './island-style.ts';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { catalogVersion, onCatalogVersion } from '../services/catalog/catalog-version.ts';
import { metrics } from '../observability/metrics.ts';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { registerBuildAnswer } from './build-answers.ts';
import { currentRoute, nameRoute } from '../observability/request-context.ts';
import { withShopPolicy } from './security-headers.ts';

/**
 * The shared render cache for on-demand pages (product pages, sorted/filtered listings, search, seller search):
 * the finished HTML, kept compressed (brotli and gzip) under the URL and the catalog version it was rendered
 * for. A new catalog version empties it. Only anonymous 200 HTML answers without Set-Cookie are kept: nothing
 * in these pages belongs to one shopper (carts, sessions and wishlists live in islands that call the API).
 */
interface Entry {
  status: number;
  headers: [string, string][];
  raw: Uint8Array;
  /** Compressed on first demand: most pages of a large catalog are asked for once, by one client and encoding. */
  br?: Promise<Uint8Array>;
  gz?: Promise<Uint8Array>;
  /** The compressed bodies once made: a hit in the server then answers without waiting for a promise. */
  made: Partial<Record<'br' | 'gz', Uint8Array>>;
  size: number;
  /** The route template that rendered it, for the request log and metrics of the requests it answers. */
  route: string | undefined;
  /** The head of a hit in each encoding, made once (the server writes it as is): see `answerFromCache`. */
  heads: Partial<Record<Encoding, OutgoingHttpHeaders>>;
}

type Encoding = 'br' | 'gz' | 'identity';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const maxBytes = serverConfig().renderCacheBytes;
/** A CDN may keep a page 30 s and serve it 30 s longer while it refetches: prices follow within 60 s. */
export const ON_DEMAND_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';

const entries = new Map<string, Entry>();
const rendering = new Map<string, Promise<Entry | undefined>>();
let bytes = 0;
const { renderCache: counted, readers } = metrics();
// The bundle loaded last (the published one) is the one whose cache is reported.
readers.renderCache = () => ({ entries: entries.size, bytes });
onCatalogVersion(() => {
  entries.clear();
  bytes = 0;
});

function store(key: string, entry: Entry): void {
  keyOf.set(entry, key);
  entries.set(key, entry);
  bytes += entry.size;
  // Oldest first (Map order; hits re-insert): drop until under the budget.
  for (const [oldKey, old] of entries) {
    if (bytes <= maxBytes) break;
    entries.delete(oldKey);
    bytes -= old.size;
  }
}

const isHtml = (response: Response) => response.headers.get('content-type')?.startsWith('text/html') ?? false;

/** Reads the rendered page once; an HTML page's bytes get their last touch (`finishHtml`) before anything keeps them. */
async function capture(
  response: Response,
  finishHtml: (page: Buffer) => Uint8Array,
): Promise<{ entry?: Entry; body: Uint8Array; response: Response }> {
  const html = isHtml(response);
  const read = Buffer.from(await response.arrayBuffer());
  const body = html ? finishHtml(read) : read;
  if (response.status !== 200 || !html || response.headers.has('set-cookie')) return { body, response };
  const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'cache-control');
  headers.push(['cache-control', ON_DEMAND_CACHE_CONTROL]);
  return {
    body,
    response,
    entry: { status: response.status, headers, raw: body, size: body.length, route: currentRoute(), heads: {}, made: {} },
  };
}

/** The entry's body in one encoding, compressed the first time it is asked for (and counted against the budget). */
function encoded(entry: Entry, encoding: 'br' | 'gz'): Promise<Uint8Array> {
  let pending = entry[encoding];
  if (!pending) {
    pending =
      encoding === 'br'
        ? brotli(entry.raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: entry.raw.length },
          })
        : gz(entry.raw, { level: 6 });
    entry[encoding] = pending;
    void pending.then((body) => {
      entry.made[encoding] = body;
      entry.size += body.length;
      if (entries.has(keyOf.get(entry) ?? '')) bytes += body.length;
    });
  }
  return pending;
}

const keyOf = new WeakMap<Entry, string>();

/** The encoding a hit is sent in: brotli, else gzip, else none (what `Accept-Encoding` allows). */
const encodingFor = (acceptEncoding: string): Encoding =>
  /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gz' : 'identity';
const CONTENT_ENCODING = { br: 'br', gz: 'gzip' } as const;

const bodyIn = (entry: Entry, encoding: Encoding): Uint8Array | Promise<Uint8Array> =>
  encoding === 'identity' ? entry.raw : (entry.made[encoding] ?? encoded(entry, encoding));

async function answer(entry: Entry, acceptEncoding: string, state: 'hit' | 'miss'): Promise<Response> {
  counted.inc({ result: state });
  const headers = new Headers(entry.headers);
  headers.set('vary', 'Accept-Encoding');
  headers.set('x-render-cache', state);
  const encoding = encodingFor(acceptEncoding);
  if (encoding !== 'identity') headers.set('content-encoding', CONTENT_ENCODING[encoding]);
  const body = await bodyIn(entry, encoding);
  headers.set('content-length', String(body.length));
  return new Response(body as Uint8Array<ArrayBuffer>, { status: entry.status, headers });
}

/** A hit's head in one encoding, as the server writes it: the shop's CSP directives already merged in, once. */
function headOf(entry: Entry, encoding: Encoding, length: number): OutgoingHttpHeaders {
  const made = entry.heads[encoding];
  if (made) return made;
  const head: OutgoingHttpHeaders = {};
  for (const [name, value] of entry.headers) head[name] = name === 'content-security-policy' ? withShopPolicy(value) : value;
  head['vary'] = 'Accept-Encoding';
  head['x-render-cache'] = 'hit';
  if (encoding !== 'identity') head['content-encoding'] = CONTENT_ENCODING[encoding];
  head['content-length'] = length;
  return (entry.heads[encoding] = head);
}

/**
 * The production server's way in (server.ts, before compression, static files and Astro): a GET for a page this
 * bundle has cached is answered here, with the same head and body as a hit through the middleware. Everything the
 * middleware checks before the cache either cannot apply to a cached page (only 200 GET answers of valid pages are
 * kept) or ran already in the server (redirects).
 */
function answerFromCache(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (req.method !== 'GET') return false;
  const key = `${catalogVersion()}|${url.pathname}${url.search}`;
  const hit = entries.get(key);
  if (!hit) return false;
  entries.delete(key);
  entries.set(key, hit);
  counted.inc({ result: 'hit' });
  if (hit.route) nameRoute(hit.route);
  const encoding = encodingFor(String(req.headers['accept-encoding'] ?? ''));
  const send = (body: Uint8Array) => res.writeHead(hit.status, headOf(hit, encoding, body.length)).end(body);
  const body = bodyIn(hit, encoding);
  if (body instanceof Uint8Array) send(body);
  else body.then(send, (error: unknown) => res.destroy(error as Error));
  return true;
}
registerBuildAnswer('cachedPage', import.meta.url, answerFromCache);

/** Marks an HTML answer that is not cached here: errors and anything personal must not be kept by a CDN either. */
function uncached(response: Response, body: Uint8Array): Response {
  const headers = new Headers(response.headers);
  if (headers.get('content-type')?.startsWith('text/html') && !headers.has('cache-control')) {
    headers.set('cache-control', 'no-store');
  }
  return new Response(body as Uint8Array<ArrayBuffer>, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Serves `url` from the cache, or renders it once (concurrent requests for the same page wait for that render).
 * `finishHtml` is applied to a rendered HTML page's bytes, cached or not, in the one read of its body.
 */
export async function cachedRender(
  request: Request,
  url: URL,
  render: () => Promise<Response>,
  finishHtml: (page: Buffer) => Uint8Array = (page) => page,
): Promise<Response> {
  if (request.method !== 'GET') return withFinishedHtml(await render(), finishHtml);
  const acceptEncoding = request.headers.get('accept-encoding') ?? '';
  const key = `${catalogVersion()}|${url.pathname}${url.search}`;
  const hit = entries.get(key);
  if (hit) {
    entries.delete(key);
    entries.set(key, hit);
    return answer(hit, acceptEncoding, 'hit');
  }
  const pending = rendering.get(key);
  if (pending) {
    const shared = await pending;
    if (shared) return answer(shared, acceptEncoding, 'hit');
  }
  let finish: (entry: Entry | undefined) => void = () => undefined;
  if (!pending) rendering.set(key, new Promise((resolve) => (finish = resolve)));
  try {
    const { entry, body, response } = await capture(await render(), finishHtml);
    finish(entry);
    if (!entry) {
      counted.inc({ result: 'uncacheable' });
      return uncached(response, body);
    }
    // A render that straddled a version change is served but not kept.
    if (key.startsWith(`${catalogVersion()}|`)) store(key, entry);
    return answer(entry, acceptEncoding, 'miss');
  } catch (error) {
    finish(undefined);
    throw error;
  } finally {
    if (!pending) rendering.delete(key);
  }
}
