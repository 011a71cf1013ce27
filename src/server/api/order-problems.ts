import type { Context } from 'hono';
import { OrderProblem } from '../services/orders/problems.ts';
import type { ApiEnv } from './context.ts';
import { errorBody } from './errors.ts';

/** Runs a handler and turns an OrderProblem into its localized 4xx (with details such as the product ids). */
export async function answering(c: Context<ApiEnv>, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof OrderProblem)) throw error;
    const message = c.get('t').orders.errors[error.code];
    return c.json({ ...errorBody(message), detail: error.detail }, error.status);
  }
}
