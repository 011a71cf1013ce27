import type { Context } from 'hono';

/**
 * A sandbox provider's JSON body as an object of fields: anything else (no JSON, `null`, a list, a number) is an empty
 * one, which the handler then refuses as the provider would (a bad signature). A body of `null` had reached
 * `body.orderRefNo` as a 500 (the hostile-input journey's random bodies found it).
 */
export async function jsonFields<T extends object = Record<string, unknown>>(c: Context): Promise<Partial<T>> {
  const body: unknown = await c.req.json().catch(() => undefined);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Partial<T>) : {};
}
