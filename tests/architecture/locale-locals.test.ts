import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * One way to know the page's language (issue 21, docs/architecture.md): src/middleware.ts sets Astro.locals.locale,
 * .t and .dir once per request; .astro files read them and cast no route parameter nor build a dictionary; route
 * patterns come from LOCALE_SEGMENT (src/i18n/locales.ts). The ESLint rules (eslint.config.js) must refuse each
 * deliberate bad line; the template part of .astro files, which ESLint does not read, is checked here as text.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function syntaxErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${m.line}:${m.message}`);
}

const astro = (...lines: string[]) => `---\n/** A page. */\n${lines.join('\n')}\n---\n\n<p>{t.site.name}</p>\n`;

describe('.astro files read the language from Astro.locals', () => {
  test.each(['src/pages/[locale]/bad.astro', 'src/layouts/Bad.astro', 'src/components/catalog/Bad.astro'])(
    '%s: a cast route parameter and a dictionary call are refused',
    async (file) => {
      const code = astro(
        "import { dictionary } from '../../i18n/t.ts';",
        'const locale = Astro.params.locale as Locale;',
        'const t = dictionary(locale);',
      );
      expect(await syntaxErrors(file, code)).toEqual([
        expect.stringMatching(/^4:Read Astro\.locals\.locale/),
        expect.stringMatching(/^5:Read Astro\.locals\.t/),
      ]);
    },
  );

  test('reading Astro.locals is fine', async () => {
    expect(await syntaxErrors('src/pages/[locale]/ok.astro', astro('const { locale, t } = Astro.locals;'))).toEqual([]);
  });

  // What ESLint cannot see: the template. No .astro file under src names dictionary() or Astro.params.locale anywhere.
  const astroFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? astroFiles(join(dir, entry.name)) : entry.name.endsWith('.astro') ? [join(dir, entry.name)] : [],
    );
  const offences = (text: string) => [...text.matchAll(/\bdictionary\(|Astro\.params\.locale\b/g)].map((m) => m[0]);

  test('the text check fires on a template', () => {
    expect(offences('---\n---\n<p>{dictionary(Astro.params.locale as Locale).site.name}</p>')).toEqual([
      'dictionary(',
      'Astro.params.locale',
    ]);
  });

  test('no .astro file in src builds a dictionary or reads the locale parameter', () => {
    const found = astroFiles('src').flatMap((file) => offences(readFileSync(file, 'utf8')).map((what) => `${file}: ${what}`));
    expect(found).toEqual([]);
  });
});

describe('route patterns are built from the one list of languages', () => {
  // A regular expression, a RegExp from a template and from a string, in a module and in an .astro frontmatter.
  const patterns: Record<string, string> = {
    'src/server/http/literal.ts': 'export const admin = /^\\/(en|ar)\\/admin/;\n',
    'src/server/http/template.ts': 'export const admin = new RegExp(`^/(en|ar)/admin${"/"}`);\n',
    'src/lib/string.ts': "export const admin = new RegExp('^/(en|ar)/admin');\n",
    'src/layouts/Bad.astro': astro('const here = Astro.url.pathname.replace(/^\\/(en|ar)/, "");'),
  };

  test('naming the languages is refused anywhere in src', async () => {
    for (const [file, code] of Object.entries(patterns)) {
      const line = file.endsWith('.astro') ? 3 : 1;
      expect(await syntaxErrors(file, code), file).toEqual([
        expect.stringMatching(new RegExp(`^${line}:Build the pattern from LOCALE_SEGMENT`)),
      ]);
    }
  });

  test('src/i18n/locales.ts, where LOCALE_SEGMENT is made, may', async () => {
    expect(await syntaxErrors('src/i18n/locales.ts', patterns['src/server/http/literal.ts']!)).toEqual([]);
  });
});
