import { existsSync, readFileSync, unwatchFile, watchFile } from 'node:fs';
import { catalogVersion } from '../services/catalog/catalog-version.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sirv from 'sirv';
import { log } from '../observability/logger.ts';
import { filesInMemory } from './files-in-memory.ts';
import type { ApiAnswer, CachedAnswer } from './build-answers.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void | Promise<void>;

/** One build: its Astro request handler and its static files (sirv reads the file list when created). */
export interface Site {
  dir: string;
  clientDir: string;
  handler: NodeHandler;
  assets: NodeHandler;
  /** Its small files from memory, as `assets` would answer them (files-in-memory.ts); false: ask `assets`. */
  fromMemory: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** The catalog version when this build went live: its pre-rendered listings show the catalog as it was then. */
  catalogVersion: string;
  /** Its render cache's way in and its API's, once its bundle has registered them (server.ts, build-answers.ts). */
  cachedAnswer?: CachedAnswer | undefined;
  apiAnswer?: ApiAnswer | undefined;
}

/** Pages may sit in a CDN for an hour (a publish purges them) and are served stale for a minute while refetched. */
export const PRERENDERED_CACHE_CONTROL = 'public, max-age=0, s-maxage=3600, stale-while-revalidate=60';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function loadSite(dir: string): Promise<Site> {
  const entry = (await import(pathToFileURL(join(dir, 'server', 'entry.mjs')).href)) as { handler: NodeHandler };
  const clientDir = join(dir, 'client');
  const setHeaders = (res: ServerResponse, pathname: string) =>
    res.setHeader('cache-control', pathname.startsWith('/_astro/') ? IMMUTABLE : PRERENDERED_CACHE_CONTROL);
  const assets = sirv(clientDir, { brotli: true, gzip: true, etag: true, setHeaders }) as NodeHandler;
  const fromMemory = filesInMemory(clientDir, { setHeaders });
  return { dir, clientDir, handler: entry.handler, assets, fromMemory, catalogVersion: catalogVersion() };
}

/** The build a publish pointer names: `<buildsDir>/current` holds the id of a directory `<buildsDir>/<id>`. */
export function pointedBuild(buildsDir: string): string | undefined {
  const pointer = join(buildsDir, 'current');
  if (!existsSync(pointer)) return undefined;
  const id = readFileSync(pointer, 'utf8').trim();
  return /^[\w.-]+$/.test(id) && existsSync(join(buildsDir, id, 'server', 'entry.mjs')) ? resolve(buildsDir, id) : undefined;
}

/**
 * Follows the publish pointer: when `npm run publish` (or `--rollback`) rewrites it, the new build is loaded
 * (its server bundle imported, its file list read) and only then swapped in; requests already running finish
 * on the build they started with. Polling a stat every 300 ms works on every file system, shared ones included.
 * A rollback past the first publish removes the pointer: the servers go back to the build they started with
 * (`startedWith`, DIST_DIR).
 */
export function followPointer(buildsDir: string, startedWith: string, onSwitch: (dir: string) => Promise<void>): () => void {
  const pointer = resolve(buildsDir, 'current');
  let chain = Promise.resolve();
  const listener = (): void => {
    chain = chain.then(async () => {
      const dir = pointedBuild(buildsDir) ?? (existsSync(pointer) ? undefined : startedWith);
      if (!dir) return;
      try {
        await onSwitch(dir);
      } catch (error) {
        log().error({ build: dir, err: error }, 'could not switch to the published build; still serving the previous one');
      }
    });
  };
  watchFile(pointer, { interval: 300 }, listener);
  return () => unwatchFile(pointer, listener);
}
