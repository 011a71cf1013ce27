import { firstMessage, type ApiResult } from '#lib/api-client.ts';

/**
 * What a form shows after a refusal (issue 33): per-field messages under the fields named like the API's, the lead
 * message in a Notice, and what was typed. Shared by the shop's forms (form actions with withFormState) and the desk
 * (useDeskAction).
 */
export type Errors = Record<string, string[]>;
export interface FormState {
  errors: Errors;
  message?: string;
  /** What was typed: React resets a form after its action, so inputs take these back as default values. */
  values?: Record<string, string>;
}
export const emptyState: FormState = { errors: {} };

/** The text fields of a submitted form, passwords left out. */
export const typedValues = (form: FormData): Record<string, string> =>
  Object.fromEntries(
    [...form.entries()].filter(([k, v]) => typeof v === 'string' && !k.includes('password')) as [string, string][],
  );

/**
 * A form action's call (made with src/lib/api-client.ts) with the state a failure becomes: per-field messages and the
 * lead message. A shopper call without a session reads as a 401 with no message.
 */
export async function withFormState<T>(call: Promise<ApiResult<{ data: T }> | null>) {
  const res = (await call) ?? { ok: false, status: 401, body: {} as ApiResult<{ data: T }>['body'], problem: null };
  return { ...res, state: formStateOf(res) };
}

/** The form state a call's answer becomes (per-field messages and the lead message; empty when it succeeded). */
export const formStateOf = (res: Pick<ApiResult<unknown>, 'body'>, values?: Record<string, string>): FormState => ({
  errors: res.body.errors ?? {},
  message: firstMessage(res.body, ''),
  ...(values ? { values } : {}),
});
