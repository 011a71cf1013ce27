import { CompiledQuery, type KyselyPlugin, type PluginTransformQueryArgs, type RootOperationNode } from 'kysely';
import type { ShopDb } from '../../src/server/db/index.ts';
import type { Engine } from '../../src/server/db/connection.ts';

/** A database handle that remembers every query run through it, compiled with its parameters. */
export function recordingDb(db: ShopDb): { db: ShopDb; queries: CompiledQuery[] } {
  const queries: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      queries.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(recorder), queries };
}

/** The planner's answer for a query, one line per plan step. */
export async function planOf(db: ShopDb, engine: Engine, query: CompiledQuery): Promise<string[]> {
  const prefix = engine === 'postgres' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
  const { rows } = await db.executeQuery(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
  return rows.map((row) => {
    const r = row as Record<string, unknown>;
    return String(r['detail'] ?? r['QUERY PLAN']);
  });
}

/**
 * The steps of a plan that grow with the catalog: a full scan of the products table (an index walked in order is
 * fine: the query's LIMIT stops it) or a sort the database must do itself (SQLite's temporary B-tree, PostgreSQL's
 * Sort node).
 */
export function growingSteps(engine: Engine, plan: string[]): string[] {
  return plan.filter((step) =>
    engine === 'postgres'
      ? /Seq Scan on products\b|\bSort\b/.test(step)
      : /^SCAN (products|p)\b(?! USING)|USE TEMP B-TREE/.test(step.trim()),
  );
}
