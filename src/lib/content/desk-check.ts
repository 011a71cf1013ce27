import { locales, type Locale } from '#i18n/locales.ts';
import { latinDigits } from '../text.ts';
import { BODY_OPTIONAL, fieldKey, type DeskContent, type DeskField } from './desk-content.ts';
import { deskFields } from './desk-fields.ts';
import { contentSchemas, type ContentCollection } from './schemas.ts';

/** Why a field cannot be published; the desk says it in the editor's language beside the field (adminContent.problems). */
export type DeskProblem =
  | 'required'
  | 'tooLong'
  | 'invalid'
  | 'invalidDate'
  | 'notANumber'
  | 'outOfRange'
  | 'noHtml'
  | 'unsafeLink'
  | 'endsBeforeStart'
  | 'unknownCoupon';
/** Field key → problems. Keys: `<locale>.<field>` for a language's field or body, `<field>` for a shared one, `slug`. */
export type DeskProblems = Record<string, DeskProblem[]>;

/**
 * One language's front matter from what the editor typed: trimmed, empty left out (so a required field is missing
 * rather than blank), lists split by line, numbers read with Arabic digits too; shared fields from the English side.
 */
export function frontMatterOf(fields: DeskField[], content: DeskContent, locale: Locale): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = (content[field.shared ? 'en' : locale].data[field.name] ?? '').trim();
    if (raw === '') continue;
    if (field.kind === 'list') {
      const items = raw
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      if (items.length) out[field.name] = items;
    } else if (field.kind === 'number') out[field.name] = Number(latinDigits(raw));
    else out[field.name] = raw;
  }
  return out;
}

function problemOf(
  issue: { code: string; origin?: string; path: PropertyKey[] },
  given: boolean,
  field?: DeskField,
): DeskProblem {
  if (issue.code === 'invalid_type') {
    if (!given) return 'required';
    return field?.kind === 'date' ? 'invalidDate' : field?.kind === 'number' ? 'notANumber' : 'invalid';
  }
  if (issue.code === 'too_small') return issue.origin === 'array' || issue.origin === 'string' ? 'required' : 'outOfRange';
  if (issue.code === 'too_big') return issue.origin === 'number' ? 'outOfRange' : 'tooLong';
  if (issue.code === 'custom' && field?.kind === 'date') return 'endsBeforeStart';
  return 'invalid';
}

// Raw HTML would reach the page as it is: the desk's toolbar writes Markdown for everything an editor needs.
const HTML_TAG = /<\/?[a-z][^>]*>/i;
// A link or image to anything but the web, e-mail, a phone or the shop itself (javascript:, data: …) would run or
// hide something in the shopper's browser.
const UNSAFE_LINK = /\]\(\s*<?(?!https?:|mailto:|tel:)[a-z][a-z0-9+.-]*:/i;

/**
 * Checks an entry against its collection's schema (the build's own) in both languages, and each body: every problem
 * under its field's key. Empty when the entry can be published.
 */
export function checkDeskContent(collection: ContentCollection, content: DeskContent): DeskProblems {
  const fields = deskFields(collection);
  const problems: DeskProblems = {};
  const add = (key: string, problem: DeskProblem) => {
    const list = (problems[key] ??= []);
    if (!list.includes(problem)) list.push(problem);
  };
  for (const locale of locales) {
    const data = frontMatterOf(fields, content, locale);
    const parsed = contentSchemas[collection].safeParse(data);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const name = String(issue.path[0] ?? 'body');
      const field = fields.find((f) => f.name === name);
      add(field ? fieldKey(field, locale) : `${locale}.${name}`, problemOf(issue, data[name] !== undefined, field));
    }
    const body = content[locale].body.trim();
    if (!body && !BODY_OPTIONAL.has(collection)) add(`${locale}.body`, 'required');
    if (HTML_TAG.test(body)) add(`${locale}.body`, 'noHtml');
    if (UNSAFE_LINK.test(body)) add(`${locale}.body`, 'unsafeLink');
  }
  return problems;
}
