import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { lookup } from 'mrmime';

/**
 * A build's small static files answered from memory, exactly as sirv answers them from disk.
 *
 * Why: sirv opens, reads and closes the file for each request, with a 64 KiB stream buffer each; on a pre-rendered
 * page that was half of the server's busy time, and the page served fewer requests than last week's build did
 * (docs/benchmarks.md, issue 56). A build's files never change once it is live (a publish makes a new build), so a
 * file read once can be answered from memory for the build's life.
 *
 * The same file is chosen (sirv 3's order: brotli, gzip, then the name as it is, `.html`, `.htm`, each as `<path>.ext`
 * then `<path>/index.ext`) with the same headers (length, type, Last-Modified, weak ETag from size and mtime,
 * encoding, `Vary`, the caller's cache-control) and the same 304. Anything else goes on to sirv: other methods, ranges,
 * big files, a file not read yet (it is read in the background on its first request), and an uncompressed file the
 * compression middleware could still compress. `tests/api/files-in-memory.test.ts` compares both, answer for answer.
 */
export interface FilesInMemoryOptions {
  /** Sets headers for a path before the answer (the same callback sirv is given). */
  setHeaders: (res: ServerResponse, pathname: string) => void;
  /** A file over this size is always streamed by sirv. */
  maxFileBytes?: number;
  /** Files are kept, first asked first kept, up to this many bytes in all. */
  maxBytes?: number;
}

interface StaticFile {
  abs: string;
  size: number;
  encoded: boolean;
  headers: Record<string, string | number>;
  body?: Buffer;
  loading?: boolean;
}

/** sirv's choices for an Accept-Encoding: brotli first, then gzip, then as it is, then with the page extensions. */
const EXTENSIONS = ['html', 'htm'];
const WITH_BROTLI = [...EXTENSIONS.map((x) => `${x}.br`), 'br'];
const WITH_GZIP = [...EXTENSIONS.map((x) => `${x}.gz`), 'gz'];
/** The four lists, made once (by brotli, then gzip accepted): a request only picks one. */
const CHOICES = [false, true].map((brotli) =>
  [false, true].map((gzip) => [...(brotli ? WITH_BROTLI : []), ...(gzip ? WITH_GZIP : []), '', ...EXTENSIONS]),
);
const choicesFor = (acceptEncoding: string): string[] =>
  CHOICES[Number(/(br|brotli)/i.test(acceptEncoding))]![Number(acceptEncoding.includes('gzip'))]!;
/** The compression middleware's threshold (server.ts): under it, an uncompressed file goes out as it is. */
const COMPRESSION_THRESHOLD = 1024;
const ENCODINGS: Record<string, string> = { '.br': 'br', '.gz': 'gzip' };

/** Every file under `dir`, keyed by its URL path, with the headers sirv would send (sirv's own walk and filter). */
function filesOf(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = join(entry.parentPath, entry.name);
    const name = relative(dir, abs);
    // sirv skips dotfiles and dot folders, except under .well-known.
    if (!/\.well-known[\\+/]/.test(name) && /(^\.|[\\+|/+]\.)/.test(name)) continue;
    const stats = statSync(abs);
    const encoding = ENCODINGS[name.slice(-3)];
    let type = lookup(encoding ? name.slice(0, -3) : name) ?? '';
    if (type === 'text/html') type += ';charset=utf-8';
    const headers: Record<string, string | number> = {
      'Content-Length': stats.size,
      'Content-Type': type,
      'Last-Modified': stats.mtime.toUTCString(),
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['ETag'] = `W/"${stats.size}-${stats.mtime.getTime()}"`;
    files.set('/' + name.normalize().split(sep).join('/'), { abs, size: stats.size, encoded: !!encoding, headers });
  }
  return files;
}

/** The path sirv looks up: the URL before `#` and `?` (from the second character on), decoded when it can be. */
function pathnameOf(url: string): string {
  let pathname = url;
  if (url.length > 1) {
    const hash = url.indexOf('#', 1);
    if (hash !== -1) pathname = url.slice(0, hash);
    const query = pathname.indexOf('?', 1);
    if (query !== -1) pathname = pathname.slice(0, query);
  }
  if (pathname.includes('%')) {
    try {
      pathname = decodeURI(pathname);
    } catch {
      // A malformed escape is looked up as it is, as sirv does.
    }
  }
  return pathname;
}

function chosenFile(files: Map<string, StaticFile>, pathname: string, choices: string[]): StaticFile | undefined {
  const uri = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const index = `${uri}/index`;
  for (const choice of choices) {
    const x = choice ? `.${choice}` : '';
    const file = (uri && files.get(uri + x)) || files.get(index + x);
    if (file) return file;
  }
  return undefined;
}

/** Answers a request from memory and returns true, or returns false for sirv to answer it. */
export function filesInMemory(
  dir: string,
  options: FilesInMemoryOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { setHeaders, maxFileBytes = 256 * 1024, maxBytes = 64 * 1024 * 1024 } = options;
  const files = filesOf(dir);
  let held = 0;
  const load = (file: StaticFile) => {
    file.loading = true;
    readFile(file.abs).then(
      (body) => {
        // Kept only if the file is still what the headers describe.
        if (body.length === file.size && held + body.length <= maxBytes) {
          file.body = body;
          held += body.length;
        }
      },
      () => undefined,
    );
  };

  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return false;
    const acceptEncoding = req.headers['accept-encoding'] ?? '';
    const pathname = pathnameOf(req.url ?? '/');
    const file = chosenFile(files, pathname, choicesFor(acceptEncoding));
    if (!file || file.size > maxFileBytes) return false;
    // An uncompressed file the compression middleware would compress is left to it.
    if (!file.encoded && acceptEncoding && file.size >= COMPRESSION_THRESHOLD) return false;
    if (req.headers['if-none-match'] === file.headers['ETag']) {
      res.writeHead(304);
      res.end();
      return true;
    }
    if (!file.body) {
      if (!file.loading) load(file);
      return false;
    }
    res.setHeader('Vary', 'Accept-Encoding');
    setHeaders(res, pathname);
    // Headers already set on the answer win over the file's, as with sirv.
    const headers = { ...file.headers };
    for (const key of Object.keys(headers)) {
      const set = res.getHeader(key);
      if (set) headers[key] = set as string;
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : file.body);
    return true;
  };
}
