import type { Context } from 'hono';
import { Problem, type ProblemCode } from '../problem.ts';
import type { ApiEnv } from './context.ts';

/** A positive integer `:id` path parameter, or a 404 saying what was not found (nothing has a non-numeric id). */
export function idParam(c: Context<ApiEnv>, notFound: ProblemCode, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new Problem(404, notFound);
  return id;
}
