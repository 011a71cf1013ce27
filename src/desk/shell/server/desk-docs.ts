import { documented, ok, refused, type ResponseDoc } from '../../../server/api/openapi/describe.ts';
import { DeskData } from '../../../server/api/openapi/shapes.ts';

/**
 * The desk routes' documentation helpers: `const documented = deskDocumenter('Orders')`, then
 * `documented('Move an order', { 200: done('The order.'), 404: missing('order'), 409: stale })`. The guard adds the
 * staff cookie, the 401 and the 403 with the permission; `validate(...)` adds the 422.
 */
export const deskDocumenter = (tag: string) => (summary: string, responses: Record<number, ResponseDoc>, description?: string) =>
  documented({ summary, tags: [tag], responses, ...(description ? { description } : {}) });

/** A desk answer: its `data` is the desk islands' own shape (src/desk), documented as any JSON object or list. */
export const done = (description: string): ResponseDoc => ok(description, DeskData);

export const missing = (what: string): ResponseDoc => refused(`No such ${what} (or a malformed id).`);

export const stale = refused('The record changed meanwhile, or its state does not allow this (reload and try again).');

export const throttled = refused('Too many attempts: wait (`Retry-After`).', { 'Retry-After': 'Seconds to wait.' });
