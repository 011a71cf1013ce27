import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import { searchEngine } from '../../src/server/search/engine.ts';
import { apiClient, freshDatabase } from '../support/test-db.ts';

/**
 * The relevance set (issue 54, decision 038): fixed queries in both languages with the products a shopper expects
 * first, from the demo catalog, run against both search engines: MiniSearch in memory (the embedded shop, always)
 * and PostgreSQL's full-text search (when DATABASE_URL is set, as the other PostgreSQL tests). Both must pass every
 * case; an engine that cannot is named in its case, with the reason.
 *
 * `first`: exactly these products are the first results (in any order among them: the two engines score ties
 * differently); `all`: every one of the first `count` results matches (and there are at least `count`).
 */
interface Case {
  why: string;
  q: string;
  first?: string[];
  all?: { count: number; match: RegExp };
}

const grinders = [
  'Hand Grinder 38 mm Burrs',
  'Hand Grinder Titanium Burrs',
  'Electric Flat Burr Grinder 64 mm',
  'Electric Conical Grinder',
  'Espresso Grinder with Timer',
  'Turkish Coffee Brass Hand Mill',
  'Travel Grinder Compact',
  'Single Dose Grinder',
];
const yirgacheffe = ['Ethiopia Yirgacheffe 250 g', 'Ethiopia Yirgacheffe 1 kg'];
const capsules = /Capsules x10$/;

const cases: Case[] = [
  // Brand and origin names, as typed
  { why: 'an origin name', q: 'yirgacheffe', first: yirgacheffe },
  { why: 'a brand name', q: 'chemex', first: ['Glass Chemex 6 Cups', 'Chemex Bonded Filters x100'] },
  { why: 'a brand name in Arabic letters', q: 'إيروبرس', first: ['AeroPress Coffee Maker', 'AeroPress Micro Filters x350'] },
  {
    why: 'a brand name with letters and digits',
    q: 'v60',
    first: [
      'Ceramic V60 Dripper Size 02',
      'Plastic V60 Dripper Size 02',
      'V60 Paper Filters 02 x100',
      'V60 Paper Filters 01 x100',
    ],
  },
  {
    why: "a seller's name: its own name first",
    q: 'zamalek roastery',
    first: ['Zamalek House Espresso 250 g', 'Zamalek House Espresso 1 kg'],
  },
  // The brass hand mill is a hand grinder too (its sub-category, and mill is a synonym of grinder).
  {
    why: 'two words, both required',
    q: 'hand grinder',
    first: ['Hand Grinder 38 mm Burrs', 'Hand Grinder Titanium Burrs', 'Turkish Coffee Brass Hand Mill'],
  },
  // Typos (one letter, words of 5 letters or more)
  { why: 'a typo: one letter changed', q: 'yirgacheffa', first: yirgacheffe },
  // "Cold Brew Coarse Grind" is one letter away too (grind); the grinders follow, all of them by name.
  { why: 'a typo: one letter missing', q: 'grindr', all: { count: 8, match: /Grind/ } },
  { why: 'a typo in Arabic: one letter missing', q: 'كولومبا', all: { count: 4, match: /Colombia/ } },
  { why: 'a typo: one letter too many', q: 'kenyya', all: { count: 3, match: /^Kenya / } },
  // Hamza, alef and taa marbuta variants
  { why: 'alef with hamza below', q: 'إثيوبيا', all: { count: 6, match: /Ethiopia/ } },
  { why: 'alef with hamza above', q: 'أثيوبيا', all: { count: 6, match: /Ethiopia/ } },
  { why: 'bare alef', q: 'اثيوبيا', all: { count: 6, match: /Ethiopia/ } },
  { why: 'brand without its hamza', q: 'ايروبرس', first: ['AeroPress Coffee Maker', 'AeroPress Micro Filters x350'] },
  { why: 'taa marbuta', q: 'مطحنة', first: grinders },
  { why: 'taa marbuta written as haa', q: 'مطحنه', first: grinders },
  { why: 'taa marbuta with the article', q: 'القهوه التركي', all: { count: 6, match: /Turkish Coffee/ } },
  // Arabic-Indic digits
  { why: 'Arabic-Indic digits', q: 'فرنش برس ٣٥٠', first: ['French Press 350 ml'] },
  { why: 'Arabic-Indic digits in a size', q: 'مطحنة ٦٤', first: ['Electric Flat Burr Grinder 64 mm'] },
  { why: 'Persian digits', q: 'كوب ۱۸۰', first: ['Cappuccino Cup 180 ml'] },
  // Prefixes (while typing)
  { why: 'a prefix', q: 'yirg', first: yirgacheffe },
  { why: 'an Arabic prefix', q: 'كبسو', all: { count: 8, match: capsules } },
  // The travel press bottle follows: it is in the French press sub-category.
  { why: 'a prefix of the last word', q: 'french pre', all: { count: 4, match: /French Press/ } },
  // Across languages (synonyms)
  { why: 'an English word finds Arabic-named products', q: 'غلاية', all: { count: 4, match: /Kettle/ } },
  { why: 'a shopper spelling of espresso', q: 'اسبرسو', all: { count: 8, match: /Espresso/ } },
];

/** Listing order of the first results (names in English). */
async function ranked(json: ReturnType<typeof apiClient>['json'], q: string): Promise<string[]> {
  const res = await json(`/api/products?query=${encodeURIComponent(q)}&per_page=60&lang=en-US`);
  expect(res.status).toBe(200);
  return res.body.data.map((p: { name: string }) => p.name);
}

function check(names: string[], c: Case): void {
  if (c.first) expect(new Set(names.slice(0, c.first.length)), `${c.why}: ${names.join(' / ')}`).toEqual(new Set(c.first));
  if (c.all) {
    expect(names.length, c.why).toBeGreaterThanOrEqual(c.all.count);
    for (const name of names.slice(0, c.all.count)) expect(name, `${c.why}: ${names.join(' / ')}`).toMatch(c.all.match);
  }
}

const engines = [
  { name: 'MiniSearch (embedded SQLite)', postgres: false },
  { name: 'PostgreSQL full-text search', postgres: true },
];

for (const engine of engines) {
  describe.skipIf(engine.postgres && !process.env['DATABASE_URL'])(engine.name, () => {
    let api: ReturnType<typeof apiClient>;
    let close: () => Promise<unknown>;
    beforeAll(async () => {
      // The MiniSearch half runs on SQLite in memory whatever DATABASE_URL says; the PostgreSQL half on a fresh database.
      const database = engine.postgres
        ? await freshDatabase()
        : await openDatabase({ sqlitePath: ':memory:' }).then((handle) => ({ ...handle, drop: () => handle.db.destroy() }));
      expect(searchEngine(database.db).name).toBe(engine.postgres ? 'postgres' : 'minisearch');
      api = apiClient(database.db);
      close = database.drop;
    });
    afterAll(() => close());

    test.each(cases)('$why: $q', async (c) => {
      check(await ranked(api.json, c.q), c);
    });

    test('suggestions agree with the listing for the same text, in both languages', async () => {
      for (const [q, lang, name] of [
        ['yirgacheffa', 'en-US', 'Ethiopia Yirgacheffe'],
        ['مطحنه', 'ar-SA', 'مطحنة'],
        ['ايروبرس', 'ar-SA', 'إيروبرس'],
      ] as const) {
        const res = await api.json(`/api/autocomplete?q=${encodeURIComponent(q)}&lang=${lang}`);
        expect(res.status).toBe(200);
        expect(res.body.data.length).toBeGreaterThan(0);
        expect(res.body.data[0].name).toContain(name);
      }
    });

    test('search syntax a shopper types is text, never an error', async () => {
      for (const q of ['\'&|!:*()"', 'coffee & | !', "o'clock:*", '<-> <2>', '\\', 'a:*b']) {
        const listing = await api.json(`/api/products?query=${encodeURIComponent(q)}`);
        expect(listing.status, q).toBe(200);
        const suggestions = await api.json(`/api/autocomplete?q=${encodeURIComponent(q)}`);
        expect(suggestions.status, q).toBe(200);
      }
      const same = await ranked(api.json, 'coffee & | !');
      expect(same).toEqual(await ranked(api.json, 'coffee'));
    });
  });
}
