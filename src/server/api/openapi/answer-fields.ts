import * as z from 'zod/mini';

/**
 * The building blocks of documented answers (`data`), shared by the shop's shapes (shapes.ts) and the desk's and the
 * seller portal's (each feature's `server/*-answers.ts`, issue 49). Objects are loose: they name the fields clients
 * rely on and let others through, so a new field is never an error but a renamed or retyped one is.
 */
export const named = <T extends z.core.$ZodType>(id: string, schema: T): T => {
  z.globalRegistry.add(schema, { id });
  return schema;
};

export const id = z.number().check(z.int(), z.minimum(1));
/** Money in integer piastres (signed: refunds and adjustments go down). */
export const piastres = z.number().check(z.int());
export const count = z.number().check(z.int(), z.minimum(0));
export const text = z.string();
export const nullableText = z.nullable(z.string());
/** An instant or a day as ISO 8601 text. */
export const when = z.string();
export const flag = z.boolean();
export const fields = z.looseObject;
export const listOf = z.array;
export const nullable = z.nullable;
export const optional = z.optional;
/** A name in both languages. */
export const bilingual = z.looseObject({ en: text, ar: text });
/** The desk's paged lists: `rows` of a page, with the page and the total. */
export const pageOf = <T extends z.core.$ZodType>(row: T) => z.looseObject({ rows: z.array(row), page: count, total: count });
