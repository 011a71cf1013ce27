import { LOCALE_SEGMENT, type Locale } from '../../i18n/locales.ts';
import { apiFetch, firstMessage, type ApiResult } from '../api-client.ts';
import { localePath } from '../../i18n/routes.ts';

/**
 * The desk's calls to /api/admin, on the shop's one API client (the staff cookie travels by itself, SameSite=Strict).
 * A 401 means the staff session ended: the member is sent to sign in and brought back here afterwards.
 */
export async function adminCall<T>(
  locale: Locale,
  path: string,
  { method = 'GET', body }: { method?: string; body?: unknown } = {},
): Promise<ApiResult<{ data: T }> & { message: string }> {
  const res = await apiFetch<{ data: T }>(`/admin${path}`, { locale, method, ...(body !== undefined ? { body } : {}) });
  if (res.status === 401 && !path.startsWith('/auth/')) {
    const back = `${window.location.pathname}${window.location.search}`;
    window.location.assign(localePath(locale, `/admin/login?next=${encodeURIComponent(back)}`));
  }
  return { ...res, message: firstMessage(res.body as { message?: string; messages?: string[] }, '') };
}

const DESK_PATH = new RegExp(String.raw`^/${LOCALE_SEGMENT}/admin(/|$|\?)`);

/** Where to go after signing in: a path of the desk in `next`, else the desk's home (never another site). */
export function afterSignIn(locale: Locale, next: string | null): string {
  return next && DESK_PATH.test(next) && !next.includes('//') ? next : localePath(locale, '/admin');
}
