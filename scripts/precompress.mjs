// Writes .br and .gz beside every compressible file of the static build, so the server never compresses them per request.
// Hashed assets (few, cached for a year) get maximum compression; pages (thousands with a large catalog)
// get brotli 6, which compresses HTML within a few percent of 11 at a small fraction of its time.
// The zlib work runs on libuv's thread pool, a few files at a time, so both cores are used.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const root = process.argv[2] ?? 'dist/client';
const compressible = /\.(html|js|mjs|css|svg|xml|json|txt|webmanifest)$/;
const started = performance.now();
let files = 0;
let before = 0;
let after = 0;

const entries = await readdir(root, { withFileTypes: true, recursive: true });
const paths = entries.filter((e) => e.isFile() && compressible.test(e.name)).map((e) => join(e.parentPath, e.name));

async function compress(path) {
  const body = await readFile(path);
  if (body.length < 1024) return;
  const asset = path.includes(`${join(root, '_astro')}`);
  const quality = asset ? 11 : 6;
  const [brotli, gzipped] = await Promise.all([
    br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: asset ? 9 : 6 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, brotli), writeFile(`${path}.gz`, gzipped)]);
  files += 1;
  before += body.length;
  after += brotli.length;
}

let next = 0;
const worker = async () => {
  while (next < paths.length) await compress(paths[next++]);
};
await Promise.all(Array.from({ length: 8 }, worker));
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
