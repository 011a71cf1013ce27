// Writes .br and .gz beside every compressible file of the static build, so the server never compresses them per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/client';
const compressible = /\.(html|js|mjs|css|svg|xml|json|txt|webmanifest)$/;
let files = 0;
let before = 0;
let after = 0;

async function walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walk(path);
    else if (compressible.test(entry.name) && (await stat(path)).size >= 1024) {
      const body = await readFile(path);
      const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      await writeFile(`${path}.br`, br);
      await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
      files += 1;
      before += body.length;
      after += br.length;
    }
  }
}

await walk(root);
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli)`);
