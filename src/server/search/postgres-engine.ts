import { sql, type RawBuilder } from 'kysely';
import { tokenize } from '#lib/search/normalize.ts';
import { synonymsOf } from '#lib/search/synonyms.ts';
import type { ShopDb } from '../db/index.ts';
import { catalogVersion } from '../services/catalog/catalog-version.ts';
import { ARABIC, documentsWritten, freshDocuments, length, quoted, WORD } from './documents.ts';
import type { OutOfShop, SearchEngine, SearchQuery } from './types.ts';
import { TYPO_MIN_LENGTH } from './query.ts';

/**
 * Search in PostgreSQL (issue 54, decision 038, migration 041). Documents and queries go through the shop's
 * normaliser here, in TypeScript: a document is a `tsvector` of the normalised words (names weight A, category and
 * sub-category B, seller C), plus their stems under the `arabic` configuration (Arabic words) and `english` (the
 * others). A query is built from the same normalised terms, never parsed from the shopper's text: every term must
 * match (AND), as typed with a prefix (2 letters or more), through its synonyms or its stem, or with one typo
 * (5 letters or more) found in the word list by trigram similarity (pg_trgm) and edit distance (fuzzystrmatch).
 */

/**
 * Typo neighbours remembered per word on this instance until the word list may have grown: a new catalog version or
 * documents written here. Bounded; oldest out first.
 */
const TYPOS_KEPT = 10_000;
const typoCache = new WeakMap<ShopDb, { generation: string; words: Map<string, string[]> }>();

/**
 * The words of the list one typo away from each term of 5 letters or more (trigram index, then edit distance).
 * Numbers have none: a typo in a lot number or a size is another number.
 */
async function typoNeighbours(db: ShopDb, terms: string[]): Promise<Map<string, string[]>> {
  const generation = `${catalogVersion()}/${documentsWritten()}`;
  let kept = typoCache.get(db);
  if (kept?.generation !== generation) typoCache.set(db, (kept = { generation, words: new Map() }));
  const found = new Map<string, string[]>();
  const asked = [...new Set(terms.filter((t) => length(t) >= TYPO_MIN_LENGTH && !/^\p{N}+$/u.test(t)))].filter((t) => {
    const known = kept.words.get(t);
    if (known) found.set(t, known);
    return !known;
  });
  if (asked.length === 0) return found;
  const rows = await sql<{ typed: string; term: string }>`
    SELECT q.typed, s.term FROM unnest(${asked}::text[]) AS q(typed)
    JOIN search_terms s ON s.term % q.typed
    WHERE s.term <> q.typed AND levenshtein(s.term, q.typed) <= 1`.execute(db);
  for (const t of asked) found.set(t, []);
  for (const { typed, term } of rows.rows) found.get(typed)!.push(term);
  for (const t of asked) {
    kept.words.set(t, found.get(t)!);
    if (kept.words.size > TYPOS_KEPT) kept.words.delete(kept.words.keys().next().value!);
  }
  return found;
}

interface Built {
  /** Every term with its prefix, synonyms, stem and typo neighbours: what matches. */
  matches: RawBuilder<unknown>;
  /** Every term as typed, its synonyms and stem: matches of these rank above prefixes and typos (as in MiniSearch). */
  exact: RawBuilder<unknown>;
  /** Every term as typed or through a synonym, in a product's names (weight A): the first suggestions. */
  inNames: RawBuilder<unknown>;
}

/** The tsquery of shopper text: undefined when it has no words. */
async function buildTsQuery(db: ShopDb, text: string): Promise<Built | undefined> {
  const terms = tokenize(text).filter((t) => WORD.test(t));
  if (terms.length === 0) return undefined;
  const typos = await typoNeighbours(db, terms);
  const group = (term: string, loose: boolean): RawBuilder<unknown> => {
    const synonyms = synonymsOf(term)
      .slice(1)
      .filter((s) => WORD.test(s));
    const typed = loose && length(term) >= 2 ? `${quoted(term)}:*` : quoted(term);
    const alternatives = [typed, ...synonyms.map(quoted), ...(loose ? (typos.get(term) ?? []).map(quoted) : [])];
    const stem = ARABIC.test(term) ? sql`plainto_tsquery('arabic', ${term})` : sql`plainto_tsquery('english', ${term})`;
    return sql`(${alternatives.join(' | ')}::tsquery || ${stem})`;
  };
  const all = (loose: boolean) =>
    sql.join(
      terms.map((t) => group(t, loose)),
      sql` && `,
    );
  const inNames = terms
    .map(
      (t) =>
        `(${[t, ...synonymsOf(t).slice(1)]
          .filter((w) => WORD.test(w))
          .map((w) => `${quoted(w)}:A`)
          .join(' | ')})`,
    )
    .join(' & ');
  return { matches: all(true), exact: all(false), inNames: sql`${inNames}::tsquery` };
}

// Names count most, then category and sub-category, then the seller (MiniSearch's boosts: 3, 1.5, 1). {D, C, B, A}.
const WEIGHTS = sql`'{0.1, 0.33, 0.5, 1}'::float4[]`;

const orders: Record<string, RawBuilder<unknown>> = {
  price_asc: sql`p.price ASC, p.id ASC`,
  price_desc: sql`p.price DESC, p.id ASC`,
  rating: sql`p.rating DESC, p.ratings_count DESC, p.id ASC`,
  newest: sql`p.created_at DESC, p.id ASC`,
};

/** The listing's filters on the product's columns (those need the products table). */
function productConditions(q: Partial<SearchQuery>): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (q.category !== undefined) where.push(sql`p.category_id = ${q.category}`);
  if (q.subCategory !== undefined) where.push(sql`p.sub_category_id = ${q.subCategory}`);
  if (q.seller !== undefined) where.push(sql`p.seller_id = ANY(${q.seller}::int[])`);
  if (q.min_price !== undefined) where.push(sql`p.price >= ${q.min_price}`);
  if (q.max_price !== undefined) where.push(sql`p.price <= ${q.max_price}`);
  if (q.rating !== undefined) where.push(sql`p.rating >= ${q.rating}`);
  if (q.in_stock) where.push(sql`p.stock > 0`);
  return where;
}

/** The documents matching `query` and in the shop (hidden products, suspended sellers' products left out). */
function documentConditions(query: RawBuilder<unknown>, out: OutOfShop): RawBuilder<unknown>[] {
  const where = [sql`d.document @@ (${query})`];
  if (out.products.size) where.push(sql`d.product_id <> ALL(${[...out.products]}::int[])`);
  if (out.sellers.size) {
    where.push(
      sql`NOT EXISTS (SELECT 1 FROM products o WHERE o.id = d.product_id AND o.seller_id = ANY(${[...out.sellers]}::int[]))`,
    );
  }
  return where;
}

/**
 * Best match: the documents with every word as typed (or a synonym, or its stem) before those matched only by a
 * prefix or a typo (MiniSearch weighs those down too), then by `ts_rank` (names before taxonomy before seller,
 * shorter documents first), then by id.
 */
const bestMatch = (built: Built, d: RawBuilder<unknown>) =>
  sql`(${d}.document @@ (${built.exact})) DESC, ts_rank(${WEIGHTS}, ${d}.document, ${built.matches}, 1) DESC, ${d}.product_id ASC`;

async function matching(
  db: ShopDb,
  text: string,
  q: Partial<SearchQuery>,
  out: OutOfShop,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> {
  await freshDocuments(db);
  const built = await buildTsQuery(db, text);
  if (!built) return { ids: [], total: 0 };
  const byProduct = productConditions(q);
  const sorted = orders[q.sort ?? 'best_match'];
  // Without filters or sorts on the product's columns the documents alone answer: no join for tens of thousands of
  // matches of a common word. The count runs beside the page (two connections), not as a window over it.
  const fromDocuments = byProduct.length === 0 && !sorted;
  const where = sql.join([...documentConditions(built.matches, out), ...byProduct], sql` AND `);
  const from = fromDocuments ? sql`search_documents d` : sql`search_documents d JOIN products p ON p.id = d.product_id`;
  const [page, counted] = await Promise.all([
    sql<{ id: number }>`
      SELECT d.product_id AS id FROM ${from} WHERE ${where}
      ORDER BY ${sorted ?? bestMatch(built, sql`d`)}
      LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM ${from} WHERE ${where}`.execute(db),
  ]);
  return { ids: page.rows.map((r) => r.id), total: Number(counted.rows[0]?.total ?? 0) };
}

/** Suggestions remembered per catalog version of this instance (a new version is a new object). */
const generations = new WeakMap<ShopDb, { version: string; token: object }>();

/**
 * Suggestions rank at most this many matches per stage. A word like "coffee" matches a third of a 100,000-product
 * catalog; ranking all of them for eight suggestions cost hundreds of ms on a busy machine (docs/benchmarks.md).
 */
const SUGGEST_CANDIDATES = 300;

/** At most SUGGEST_CANDIDATES documents matching `query` and in the shop, with what ranks them. */
function rankedCandidates(built: Built, query: RawBuilder<unknown>, out: OutOfShop, except?: RawBuilder<unknown>) {
  const where = documentConditions(query, out);
  if (except) where.push(except);
  return sql`
    SELECT c.product_id AS id, (c.document @@ (${built.exact}))::int AS exact,
      ts_rank(${WEIGHTS}, c.document, ${built.matches}, 1) AS score
    FROM (
      SELECT d.product_id, d.document FROM search_documents d WHERE ${sql.join(where, sql` AND `)}
      LIMIT ${SUGGEST_CANDIDATES}
    ) c`;
}

export const postgresSearchEngine: SearchEngine = {
  name: 'postgres',
  /**
   * Two stages, each ranking a bounded number of candidates: products with every word (as typed or a synonym) in
   * their names, then, if fewer than `limit`, every match (prefixes, typos, stems, taxonomy, seller). The names
   * come first in MiniSearch's ranking too (boost 3).
   */
  async suggest(db, text, out, limit) {
    await freshDocuments(db);
    const built = await buildTsQuery(db, text);
    if (!built) return [];
    // One statement: the second stage is a one-time filter PostgreSQL skips when the first found enough.
    const rows = await sql<{ id: number }>`
      WITH first AS (
        SELECT id, exact, score FROM (${rankedCandidates(built, built.inNames, out)}) f
        ORDER BY exact DESC, score DESC, id LIMIT ${limit}
      )
      SELECT id FROM (
        SELECT id, 1 AS stage, exact, score FROM first
        UNION ALL
        SELECT id, 2 AS stage, exact, score
        FROM (${rankedCandidates(built, built.matches, out, sql`d.product_id NOT IN (SELECT id FROM first)`)}) s
        WHERE (SELECT count(*) FROM first) < ${limit}
      ) both_stages
      ORDER BY stage, exact DESC, score DESC, id
      LIMIT ${limit}`.execute(db);
    return rows.rows.map((r) => r.id);
  },
  page: (db, q, out) => matching(db, q.query, q, out, q.per_page, (q.page - 1) * q.per_page),
  async generation(db) {
    const version = catalogVersion();
    const kept = generations.get(db);
    if (kept?.version === version) return kept.token;
    const token = {};
    generations.set(db, { version, token });
    return token;
  },
};
