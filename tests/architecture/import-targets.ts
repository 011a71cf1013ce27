import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * What a source file imports, as repository paths: relative specifiers (`../lib/money.ts`) and imports by name (Node
 * subpath imports, `#lib/money.ts`, mapped by package.json's `imports`). Every architecture check that follows
 * imports reads them through here, so an import written either way is seen.
 */
const importSpecifier =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"]((?:\.{1,2}\/|#)[^'"]+)['"]|import\(\s*['"]((?:\.{1,2}\/|#)[^'"]+)['"]\s*\)|(?:^|[\s;])import\s+['"]((?:\.{1,2}\/|#)[^'"]+)['"]/g;

const packageImports = JSON.parse(readFileSync('package.json', 'utf8')).imports as Record<string, string>;

/** `#lib/money.ts` → `src/lib/money.ts` (package.json's `imports`), or null for a name it does not map. */
export function aliasTarget(specifier: string): string | null {
  for (const [pattern, target] of Object.entries(packageImports)) {
    const prefix = pattern.slice(0, -1);
    if (pattern.endsWith('*') && specifier.startsWith(prefix)) {
      return join(target.slice(0, -1), specifier.slice(prefix.length)).replaceAll('\\', '/');
    }
  }
  return null;
}

/** The specifiers a file's text imports (relative or by name), in order. */
export function importSpecifiers(text: string): string[] {
  return [...text.matchAll(importSpecifier)].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

/** Repository-relative paths (`src/lib/money.ts`) of what `file` (a path from the repository root) imports. */
export function importTargets(file: string, text: string): string[] {
  return importSpecifiers(text).flatMap((specifier) => {
    if (specifier.startsWith('#')) {
      const target = aliasTarget(specifier);
      return target ? [target] : [];
    }
    return [relative('.', resolve(dirname(file), specifier)).replaceAll('\\', '/')];
  });
}
