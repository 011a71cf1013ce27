import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * One way to write what differs per language, and one shop time zone (issue 33, docs/architecture.md): outside src/i18n
 * nothing compares a locale with 'ar' (localized / localField / directionOf, src/i18n/localized.ts and locales.ts),
 * no path is prefixed with a `/${locale}` template (localePath), and 'Africa/Cairo' is written in
 * src/i18n/time-zone.ts alone (SHOP_TIME_ZONE). The ESLint rules (eslint.config.js) must refuse each planted line;
 * the template part of .astro files, which ESLint does not read, is checked here as text.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function syntaxErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${m.line}:${m.message}`);
}

const astro = (...lines: string[]) => `---\n/** A page. */\n${lines.join('\n')}\n---\n\n<p>{t.site.name}</p>\n`;

const comparisons = [
  "export const a = (locale: string) => (locale === 'ar' ? 1 : 2);",
  "export const b = (locale: string) => (locale !== 'ar' ? 1 : 2);",
  "export const c = (locale: string) => ('ar' === locale ? 1 : 2);",
  "export const d = (row: { locale: string }) => (row.locale == 'ar' ? 'rtl' : 'ltr');",
].join('\n');
const prefixes = [
  'export const e = (locale: string) => `/${locale}/admin`;',
  'export const f = (lang: string, id: number) => `/${lang}/orders/${id}`;',
  'export const g = (page: { locale: string }) => `/${page.locale}/`;',
].join('\n');

describe('what differs per language is picked by the src/i18n helpers', () => {
  test.each(['src/server/services/catalog/bad.ts', 'src/desk/orders/Bad.tsx', 'src/lib/bad.ts'])(
    "%s: comparing with 'ar' and a `/${locale}` prefix are refused",
    async (file) => {
      const errors = await syntaxErrors(file, `${comparisons}\n${prefixes}\n`);
      expect(errors).toEqual([
        ...[1, 2, 3, 4].map((line) => expect.stringMatching(new RegExp(`^${line}:Do not compare the language with 'ar'`))),
        ...[5, 6, 7].map((line) => expect.stringMatching(new RegExp(`^${line}:Prefix a path with localePath`))),
      ]);
    },
  );

  test('in an .astro frontmatter too', async () => {
    const code = astro("const name = locale === 'ar' ? row.name_ar : row.name_en;", 'const back = `/${locale}/admin`;');
    expect(await syntaxErrors('src/pages/[locale]/admin/bad.astro', code)).toEqual([
      expect.stringMatching(/^3:Do not compare the language with 'ar'/),
      expect.stringMatching(/^4:Prefix a path with localePath/),
    ]);
  });

  test('the helpers, and src/i18n itself, are fine', async () => {
    const good = [
      "import { localField, localized } from '../../i18n/localized.ts';",
      "import { localePath } from '../../i18n/routes.ts';",
      "export const a = (locale: 'en' | 'ar', row: { name_en: string; name_ar: string }) => localField(locale, row, 'name');",
      "export const b = (locale: 'en' | 'ar') => localized(locale, { en: 'Cairo', ar: 'القاهرة' });",
      "export const c = (locale: 'en' | 'ar') => localePath(locale, '/admin');",
      'export const d = (id: number) => `/${id}/x`;',
    ].join('\n');
    expect(await syntaxErrors('src/server/services/good.ts', good)).toEqual([]);
    expect(await syntaxErrors('src/i18n/format.ts', `${comparisons}\n${prefixes}\n`)).toEqual([]);
  });
});

describe("the shop's time zone is named once", () => {
  const named = "export const f = new Intl.DateTimeFormat('en', { timeZone: 'Africa/Cairo' });\n";

  test.each(['src/lib/season.ts', 'src/i18n/format.ts', 'src/islands/orders/Bad.tsx', 'scripts/bad.mjs', 'astro.config.ts'])(
    '%s: the literal is refused',
    async (file) => {
      expect(await syntaxErrors(file, named)).toEqual([expect.stringMatching(/^1:Use SHOP_TIME_ZONE/)]);
    },
  );

  test('in an .astro frontmatter too', async () => {
    const code = astro("const day = formatDate(at, locale, { timeZone: 'Africa/Cairo' });");
    expect(await syntaxErrors('src/pages/[locale]/admin/bad.astro', code)).toEqual([
      expect.stringMatching(/^3:Use SHOP_TIME_ZONE/),
    ]);
  });

  test('src/i18n/time-zone.ts, where SHOP_TIME_ZONE is made, may', async () => {
    expect(await syntaxErrors('src/i18n/time-zone.ts', "export const SHOP_TIME_ZONE = 'Africa/Cairo';\n")).toEqual([]);
  });
});

describe('.astro templates, which ESLint does not read', () => {
  const astroFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? astroFiles(join(dir, entry.name)) : entry.name.endsWith('.astro') ? [join(dir, entry.name)] : [],
    );
  const offences = (text: string) =>
    [...text.matchAll(/[!=]==?\s*'ar'|'ar'\s*[!=]==?|`\/\$\{(?:[\w.]+\.)?(?:locale|lang)\}|'Africa\/Cairo'/g)].map((m) => m[0]);

  test('the text check fires on a template', () => {
    const template =
      "---\n---\n<td>{locale === 'ar' ? a : b}</td><a href={`/${locale}/admin`}>{formatDate(d, locale, { timeZone: 'Africa/Cairo' })}</a>";
    expect(offences(template)).toEqual(["=== 'ar'", '`/${locale}', "'Africa/Cairo'"]);
  });

  test("no .astro file in src compares with 'ar', prefixes a path with the locale or names the zone", () => {
    const found = astroFiles('src').flatMap((file) => offences(readFileSync(file, 'utf8')).map((what) => `${file}: ${what}`));
    expect(found).toEqual([]);
  });
});
