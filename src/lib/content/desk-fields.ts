import { contentSchemas, type ContentCollection } from './schemas.ts';
import type { DeskField, FieldKind } from './desk-content.ts';

interface Def {
  type: string;
  innerType?: { _zod: { def: Def } };
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
  format?: string;
  entries?: Record<string, string>;
  element?: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Long text gets a text area: a description, an address (anything allowed more than a title's 110 characters). */
const LONG = 150;

function fieldOf(name: string, schema: unknown): DeskField {
  let def = defOf(schema);
  let required = true;
  while ((def.type === 'optional' || def.type === 'default') && def.innerType) {
    required = false;
    def = def.innerType._zod.def;
  }
  const max = def.checks?.map((c) => c._zod.def).find((c) => c.check === 'max_length')?.maximum;
  const kinds: Record<string, FieldKind> = { date: 'date', number: 'number', array: 'list', enum: 'choice' };
  const kind: FieldKind = kinds[def.type] ?? (max !== undefined && max >= LONG ? 'long' : 'text');
  const formatted = def.format !== undefined || (def.checks ?? []).some((c) => c._zod.def.check === 'string_format');
  return {
    name,
    kind,
    required,
    shared: kind === 'date' || kind === 'number' || kind === 'choice' || formatted,
    ...(max !== undefined ? { max } : {}),
    ...(def.entries ? { choices: Object.values(def.entries) } : {}),
  };
}

/**
 * The desk's form for a collection, read from the very schema the build checks (schemas.ts): a new field there is a
 * new control here, with nothing else to write. Text, dates, numbers, lists (one item per line) and choices. A value
 * with a fixed form (a date, a number, a choice, a pattern such as a video id or an address) is the same in both
 * languages: the desk asks for it once.
 */
export function deskFields(collection: ContentCollection): DeskField[] {
  let fields = read.get(collection);
  if (!fields) {
    const shape = (contentSchemas[collection] as unknown as { shape: Record<string, unknown> }).shape;
    fields = Object.entries(shape).map(([name, schema]) => fieldOf(name, schema));
    read.set(collection, fields);
  }
  return fields;
}

// Read once per process: the home page's API and every check ask for the same kinds' fields.
const read = new Map<ContentCollection, DeskField[]>();
