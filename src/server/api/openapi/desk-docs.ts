import { documented, ok, refused, type ResponseDoc } from './describe.ts';
import type * as z from 'zod/mini';

/**
 * The desk routes' documentation helpers: `const documented = deskDocumenter('Orders')`, then
 * `documented('Move an order', { 200: done('The status.', MovedOrder), 404: missing('order'), 409: stale })`. The guard adds the
 * staff cookie, the 401 and the 403 with the permission; `validate(...)` adds the 422.
 */
export const deskDocumenter = (tag: string) => (summary: string, responses: Record<number, ResponseDoc>, description?: string) =>
  documented({ summary, tags: [tag], responses, ...(description ? { description } : {}) });

/**
 * A desk or seller-portal answer: its `data` as the feature's `server/*-answers.ts` shape says (issue 49), so the
 * generated requests and every API test check it as the shop's answers are checked.
 */
export const done = (description: string, data: z.core.$ZodType): ResponseDoc => ok(description, data);

export const missing = (what: string): ResponseDoc => refused(`No such ${what} (or a malformed id).`);

export const stale = refused('The record changed meanwhile, or its state does not allow this (reload and try again).');

/** A second factor sealed under a key the shop no longer holds (issue 50): an owner resets the member's authenticator. */
export const unreadableSecret = refused(
  "The member's authenticator secret is sealed under a key this shop no longer holds: an owner must reset it.",
);

/**
 * The sign-in's code step: the session is past it or at another step (found by issue 49's generated requests), or the
 * member's secret is sealed under a key the shop no longer holds (issue 50).
 */
export const codeStepRefused = refused(
  "The session is past this step or at another one, or the member's authenticator secret is sealed under a key this shop no longer holds (an owner must reset it).",
);

export const throttled = refused('Too many attempts: wait (`Retry-After`).', { 'Retry-After': 'Seconds to wait.' });
