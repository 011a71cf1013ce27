import * as z from 'zod/mini';

export type JsonSchema = Record<string, unknown>;

/**
 * Zod → JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) through zod's own converter. Schemas with an `id` in zod's
 * registry land once in `components.schemas` (`defs`) and are referenced; transforms and refinements zod cannot express
 * read as "any value" (`io: 'input'` describes what a client sends, `'output'` what it gets back).
 */
export function toJsonSchema(schema: z.core.$ZodType, io: 'input' | 'output', defs: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  const { $defs, ...rest } = converted;
  delete rest['$schema'];
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) defs[name] = relink(def);
  return relink(rest);
}

/** `#/$defs/X` (zod's) → `#/components/schemas/X` (the document's). */
const relink = (schema: JsonSchema): JsonSchema =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
