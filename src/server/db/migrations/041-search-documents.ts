import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Search in the database when the shop runs on PostgreSQL (issue 54, decision 038): one search document per product
 * (a weighted `tsvector`: names A, category and sub-category B, seller C) and the vocabulary of every document's
 * words with a trigram index, for typos. The documents are written by the shop's TypeScript (the Arabic normaliser
 * of src/lib/search/normalize.ts runs there, on documents and queries alike); these triggers mark a document stale
 * in the same transaction as any catalog write that changes what it says (a product's names, sub-category or seller;
 * a category's, sub-category's or seller's names), whoever made it, and search writes the stale ones before it
 * reads (src/server/search/documents.ts). `version` moves with each change, `written` is the version a
 * document was written from: a writer that read before a newer change never marks it current.
 * The embedded SQLite shop keeps its in-memory MiniSearch index: nothing here for it.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  if (engine !== 'postgres') return;
  // Both ship with PostgreSQL (Debian: postgresql-contrib, in the server package) and are trusted extensions:
  // the database's owner may create them.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`.execute(db);
  await sql`CREATE TABLE search_documents (
    product_id integer PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
    document tsvector NOT NULL DEFAULT ''::tsvector,
    version integer NOT NULL DEFAULT 1,
    written integer NOT NULL DEFAULT 0,
    -- A column of its own for the planner: "written <> version" compares two columns, which PostgreSQL estimates as
    -- nearly every row, so every search's look for stale documents read the whole table (815 ms at 100,000).
    stale boolean GENERATED ALWAYS AS (written <> version) STORED
  )`.execute(db);
  await sql`CREATE INDEX search_documents_document_idx ON search_documents USING gin (document)`.execute(db);
  await sql`CREATE INDEX search_documents_stale_idx ON search_documents (product_id) WHERE stale`.execute(db);
  await sql`CREATE TABLE search_terms (term text PRIMARY KEY)`.execute(db);
  await sql`CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (term gin_trgm_ops)`.execute(db);

  await sql`CREATE FUNCTION search_product_written() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_documents (product_id) VALUES (NEW.id)
        ON CONFLICT (product_id) DO UPDATE SET version = search_documents.version + 1;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER search_product_inserted AFTER INSERT ON products
    FOR EACH ROW EXECUTE FUNCTION search_product_written()`.execute(db);
  await sql`CREATE TRIGGER search_product_updated AFTER UPDATE OF name_en, name_ar, sub_category_id, seller_id ON products
    FOR EACH ROW WHEN (OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.name_ar IS DISTINCT FROM NEW.name_ar
      OR OLD.sub_category_id IS DISTINCT FROM NEW.sub_category_id OR OLD.seller_id IS DISTINCT FROM NEW.seller_id)
    EXECUTE FUNCTION search_product_written()`.execute(db);

  await sql`CREATE FUNCTION search_taxonomy_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'categories' THEN
        UPDATE search_documents SET version = version + 1 WHERE product_id IN (
          SELECT p.id FROM products p JOIN sub_categories s ON s.id = p.sub_category_id WHERE s.category_id = NEW.id);
      ELSIF TG_TABLE_NAME = 'sub_categories' THEN
        UPDATE search_documents SET version = version + 1
          WHERE product_id IN (SELECT id FROM products WHERE sub_category_id = NEW.id);
      ELSE
        UPDATE search_documents SET version = version + 1
          WHERE product_id IN (SELECT id FROM products WHERE seller_id = NEW.id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER search_category_renamed AFTER UPDATE OF name_en, name_ar ON categories
    FOR EACH ROW WHEN (OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.name_ar IS DISTINCT FROM NEW.name_ar)
    EXECUTE FUNCTION search_taxonomy_renamed()`.execute(db);
  await sql`CREATE TRIGGER search_sub_category_renamed AFTER UPDATE OF name_en, name_ar, category_id ON sub_categories
    FOR EACH ROW WHEN (OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.name_ar IS DISTINCT FROM NEW.name_ar
      OR OLD.category_id IS DISTINCT FROM NEW.category_id)
    EXECUTE FUNCTION search_taxonomy_renamed()`.execute(db);
  await sql`CREATE TRIGGER search_seller_renamed AFTER UPDATE OF name_en, name_ar ON sellers
    FOR EACH ROW WHEN (OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.name_ar IS DISTINCT FROM NEW.name_ar)
    EXECUTE FUNCTION search_taxonomy_renamed()`.execute(db);
  // The catalog so far: every product's document is to be written.
  await sql`INSERT INTO search_documents (product_id) SELECT id FROM products`.execute(db);
}
