import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The content collections (src/content/<collection>/<en|ar>/*.md). */
export const CONTENT_ROOT = join(import.meta.dirname, '../../src/content');

/**
 * The entry files of one collection and language, as committed. The publish journey (tests/e2e/publish.spec.ts)
 * writes and removes `e2e-*.md` entries here while it runs, which in CI is beside the unit suite: those are left out,
 * so a unit test never reads a journey's half-written or vanishing file.
 */
export function contentFiles(collection: string, lang: 'en' | 'ar'): string[] {
  let files: string[];
  try {
    files = readdirSync(join(CONTENT_ROOT, collection, lang));
  } catch {
    return [];
  }
  return files.filter((f) => /\.mdx?$/.test(f) && !f.startsWith('e2e-')).sort();
}

export const contentCollections = (): string[] =>
  readdirSync(CONTENT_ROOT, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
