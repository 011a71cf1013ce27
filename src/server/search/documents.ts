import { sql, type Kysely } from 'kysely';
import { tokenize } from '#lib/search/normalize.ts';
import type { Database } from '../db/schema.ts';
import { TYPO_MIN_LENGTH } from './query.ts';

/**
 * The catalog as search reads it, for both engines: a product's searched text (names, taxonomy, seller) and the
 * fields that filter and sort. On PostgreSQL (decision 038, migration 041) this module also writes the search
 * documents, through the shop's normaliser. It imports no server module beyond the schema's types, so
 * `openDatabase` can write the documents a seed added.
 */
type Db = Kysely<Database>;

/**
 * What the index keeps per product: only what filters and orders a search listing. Names, descriptions and images
 * stay in the database (suggestions read the eight they show): at 100,000 products they were most of the index's
 * memory (decision 013).
 */
export interface IndexedProduct {
  id: number;
  category_id: number;
  sub_category_id: number;
  seller_id: number;
  price: number;
  rating: number;
  ratings_count: number;
  stock: number;
  created_at: string;
  /** A hash of the searched text (names, taxonomy, seller): tells an edit that renamed a product from a price change. */
  text?: number;
}

/** One product as indexed: the kept fields and the text that is searched (not kept). */
export interface Document extends IndexedProduct {
  name_en: string;
  name_ar: string;
  taxonomy: string;
  seller: string;
}

// Only words of letters and digits reach a tsquery or tsvector literal: nothing a shopper types is syntax there.
export const WORD = /^[\p{L}\p{N}]+$/u;
export const ARABIC = /\p{Script=Arabic}/u;
export const quoted = (term: string) => `'${term}'`;
export const length = (term: string) => Array.from(term).length;

/** Documents written per transaction when they are stale (a mass import writes 100,000 in ~100 batches). */
const BATCH = 1_000;

interface Weighted {
  /** The tsvector literal of the normalised words with positions and weights. */
  literal: string;
  /** Per weight (A, B, C): the Arabic words and the others, for their stems. */
  arabic: [string, string, string];
  other: [string, string, string];
  words: string[];
}

/** One product's document, as text PostgreSQL turns into a tsvector without parsing what the shopper wrote. */
export function documentOf(doc: Pick<Document, 'name_en' | 'name_ar' | 'taxonomy' | 'seller'>): Weighted {
  const fields = [`${doc.name_en} ${doc.name_ar}`, doc.taxonomy, doc.seller];
  const entries: string[] = [];
  const arabic: Weighted['arabic'] = ['', '', ''];
  const other: Weighted['other'] = ['', '', ''];
  const words = new Set<string>();
  let position = 0;
  fields.forEach((text, field) => {
    const weight = 'ABC'[field]!;
    const terms = tokenize(text).filter((term) => WORD.test(term));
    for (const term of terms) {
      // tsvector positions stop at 16383; a document never comes near.
      position = Math.min(position + 1, 16_383);
      entries.push(`${quoted(term)}:${position}${weight}`);
      if (length(term) >= TYPO_MIN_LENGTH - 1) words.add(term);
    }
    arabic[field] = terms.filter((t) => ARABIC.test(t)).join(' ');
    other[field] = terms.filter((t) => !ARABIC.test(t)).join(' ');
  });
  return { literal: entries.join(' '), arabic, other, words: [...words] };
}

/**
 * Writes the documents the triggers marked stale, a batch per transaction. Rows another instance is writing are
 * skipped (SKIP LOCKED); a document changed again since it was read stays stale (the version guard).
 */
export async function writeStaleDocuments(db: Db): Promise<number> {
  let written = 0;
  for (;;) {
    const count = await db.transaction().execute(async (trx) => {
      const stale = await sql<{ product_id: number; version: number }>`
        SELECT product_id, version FROM search_documents WHERE stale
        ORDER BY product_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`.execute(trx);
      if (stale.rows.length === 0) return 0;
      const toDocument = await documentMaker(trx);
      const rows = await documentRows(trx)
        .where(
          'id',
          'in',
          stale.rows.map((r) => r.product_id),
        )
        .execute();
      const versions = new Map(stale.rows.map((r) => [r.product_id, r.version]));
      const docs = rows.map((row) => ({ id: row.id, version: versions.get(row.id)!, ...documentOf(toDocument(row)) }));
      const column = <T>(pick: (d: (typeof docs)[number]) => T) => docs.map(pick);
      await sql`
        UPDATE search_documents d SET written = v.version, document = v.literal::tsvector
          || setweight(to_tsvector('arabic', v.ar_a), 'A') || setweight(to_tsvector('english', v.en_a), 'A')
          || setweight(to_tsvector('arabic', v.ar_b), 'B') || setweight(to_tsvector('english', v.en_b), 'B')
          || setweight(to_tsvector('arabic', v.ar_c), 'C') || setweight(to_tsvector('english', v.en_c), 'C')
        FROM unnest(${column((d) => d.id)}::int[], ${column((d) => d.version)}::int[], ${column((d) => d.literal)}::text[],
          ${column((d) => d.arabic[0])}::text[], ${column((d) => d.other[0])}::text[],
          ${column((d) => d.arabic[1])}::text[], ${column((d) => d.other[1])}::text[],
          ${column((d) => d.arabic[2])}::text[], ${column((d) => d.other[2])}::text[])
          AS v(id, version, literal, ar_a, en_a, ar_b, en_b, ar_c, en_c)
        WHERE d.product_id = v.id AND d.version = v.version`.execute(trx);
      // In one order, so two instances adding overlapping words never wait on each other in a cycle.
      const words = [...new Set(docs.flatMap((d) => d.words))].sort();
      if (words.length) {
        await sql`INSERT INTO search_terms (term) SELECT unnest(${words}::text[]) ON CONFLICT (term) DO NOTHING`.execute(trx);
      }
      return stale.rows.length;
    });
    written += count;
    if (count) written_batches += 1;
    if (count < BATCH) return written;
  }
}

/** One write of the stale documents at a time per database in this process; searches wait for it. */
const writing = new WeakMap<Db, Promise<number>>();

/**
 * Before a search reads: any document a catalog write marked stale (a new product, a rename) is written first, so a
 * search never misses what the catalog says, whoever changed it. Usually one look at an empty partial index.
 */
export async function freshDocuments(db: Db): Promise<void> {
  const pending = writing.get(db);
  if (pending) {
    await pending;
    return;
  }
  const stale = await sql<{ stale: boolean }>`
    SELECT EXISTS (SELECT 1 FROM search_documents WHERE stale) AS stale`.execute(db);
  if (!stale.rows[0]?.stale) return;
  if (writing.get(db)) {
    await writing.get(db);
    return;
  }
  const work = writeStaleDocuments(db).finally(() => writing.delete(db));
  writing.set(db, work);
  await work;
}

let written_batches = 0;
/** How many batches of documents this process wrote: the word list may have grown since a number seen before. */
export const documentsWritten = (): number => written_batches;

export const documentRows = (db: Db) =>
  db
    .selectFrom('products')
    .select(['id', 'name_en', 'name_ar', 'category_id', 'sub_category_id', 'seller_id', 'price', 'rating'])
    .select(['ratings_count', 'stock', 'created_at']);

/**
 * How a product row becomes a document: the names of categories, sub-categories and sellers are read once (small
 * tables) and shared by every product's searchable text.
 */
export async function documentMaker(db: Db) {
  const [subs, sellers] = await Promise.all([
    db
      .selectFrom('sub_categories as s')
      .innerJoin('categories as c', 'c.id', 's.category_id')
      .select(['s.id', 's.name_en', 's.name_ar', 'c.name_en as category_en', 'c.name_ar as category_ar'])
      .execute(),
    db.selectFrom('sellers').select(['id', 'name_en', 'name_ar']).execute(),
  ]);
  const taxonomy = new Map(subs.map((s) => [s.id, `${s.category_en} ${s.category_ar} ${s.name_en} ${s.name_ar}`]));
  const sellerText = new Map(sellers.map((v) => [v.id, `${v.name_en} ${v.name_ar}`]));
  return (row: Awaited<ReturnType<ReturnType<typeof documentRows>['execute']>>[number]): Document => ({
    ...row,
    rating: Number(row.rating),
    taxonomy: taxonomy.get(row.sub_category_id) ?? '',
    seller: sellerText.get(row.seller_id) ?? '',
  });
}
