// `npm run api:document`: writes the generated OpenAPI documents (public and desk) to dist-api/ for the linter and the
// reference page. They are generated from the routes (src/server/api/openapi/), never written by hand.
// Run by Node with --experimental-transform-types (package.json): the app's TypeScript is imported as it is.
import { mkdirSync, writeFileSync } from 'node:fs';

const { createApi } = await import('../src/app/app.ts');
const { openApiDocument } = await import('../src/server/api/openapi/document.ts');
const { openDatabase } = await import('../src/server/db/index.ts');

const out = process.argv[2] ?? 'dist-api';
const { db } = await openDatabase({ sqlitePath: ':memory:' });
const api = createApi({ db });
mkdirSync(out, { recursive: true });
for (const [audience, file] of [
  ['public', 'openapi.json'],
  ['desk', 'openapi-desk.json'],
]) {
  const document = openApiDocument(api.routes, audience);
  writeFileSync(`${out}/${file}`, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`${out}/${file}: ${Object.values(document.paths).flatMap(Object.keys).length} operations`);
}
await db.destroy();
