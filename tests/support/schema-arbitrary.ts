import fc from 'fast-check';
import type { JsonSchema } from '../../src/server/api/openapi/json-schema.ts';

/**
 * fast-check arbitraries from the OpenAPI document's JSON Schemas (issue 42's request fuzzer): values the schema
 * accepts (mostly: zod refinements it cannot express, such as "a real product id", are up to chance), and, through
 * `hostile`, values it should refuse. Covers the keywords zod's converter emits.
 */
export function valid(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const next = (s: JsonSchema) => valid(s, components, depth + 1);
  if (typeof schema['$ref'] === 'string') return next(components[schema['$ref'].split('/').pop()!] ?? {});
  if ('const' in schema) return fc.constant(schema['const']);
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]));
  const alternatives = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map(next));
  if (Array.isArray(schema['allOf'])) return next((schema['allOf'] as JsonSchema[])[0]!);
  const type = schema['type'];
  if (Array.isArray(type)) return fc.oneof(...(type as string[]).map((t) => next({ ...schema, type: t })));
  switch (type) {
    case 'string':
      return text(schema);
    case 'integer':
    case 'number': {
      const min = numberOr(schema['minimum'], numberOr(schema['exclusiveMinimum'], -1e6) + 1);
      const max = numberOr(schema['maximum'], numberOr(schema['exclusiveMaximum'], 1e6) - 1);
      // Small values first: ids, quantities and pages that exist are small.
      const small = fc.integer({ min: Math.max(min, Math.min(0, max)), max: Math.min(max, Math.max(min, 0) + 30) });
      const any =
        type === 'integer'
          ? fc.integer({ min: Math.max(min, -2e9), max: Math.min(max, 2e9) })
          : fc.double({ min, max, noNaN: true });
      return fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: any });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema['items'] ?? {}) as JsonSchema;
      const minLength = numberOr(schema['minItems'], 0);
      return fc.array(next(items), { minLength, maxLength: Math.max(minLength, Math.min(numberOr(schema['maxItems'], 4), 4)) });
    }
    case 'object': {
      const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema['required'] as string[] | undefined) ?? []);
      const record = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, next(s)]));
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

function text(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = numberOr(schema['minLength'], 0);
  const maxLength = Math.max(minLength, Math.min(numberOr(schema['maxLength'], 40), 60));
  // No `.filter` on lengths: a filter no value can pass makes fast-check loop for ever (it did, on a 10-character
  // minimum with the digits below); a value of the wrong length is simply a request the API must refuse well.
  if (typeof schema['pattern'] === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema['pattern']));
    } catch {
      // A pattern in a dialect JavaScript does not read: plain text.
    }
  }
  if (schema['format'] === 'email') return fc.emailAddress();
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    fc.integer({ min: 0, max: 99_999 }).map(String),
  );
}

/** Values a schema should refuse, or that probe edges: wrong types, missing fields, huge and odd text. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', '__proto__', 'null', '[]', '{}', '9'.repeat(40), '١٢٣', '%', '../x'),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
);
