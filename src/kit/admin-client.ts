import { LOCALE_SEGMENT, type Locale } from '#i18n/locales.ts';
import { apiFetch, firstMessage, type ApiResult } from '#lib/api-client.ts';
import { localePath } from '#i18n/routes.ts';

/** Which side a desk-kit screen works for: the staff desk (/api/admin) or the seller portal (/api/seller). */
export type Side = 'admin' | 'seller';

/**
 * The desk's calls to /api/admin (the seller portal's to /api/seller: `side`), on the shop's one API client (the
 * session cookie travels by itself, SameSite=Strict). A 401 means the session ended: the member is sent to sign in and
 * brought back here afterwards.
 */
export async function adminCall<T>(
  locale: Locale,
  path: string,
  { method = 'GET', body, side = 'admin' }: { method?: string; body?: unknown; side?: Side } = {},
): Promise<ApiResult<{ data: T }> & { message: string }> {
  const res = await apiFetch<{ data: T }>(`/${side}${path}`, { locale, method, ...(body !== undefined ? { body } : {}) });
  if (res.status === 401 && !path.startsWith('/auth/')) {
    const back = `${window.location.pathname}${window.location.search}`;
    window.location.assign(localePath(locale, `/${side}/login?next=${encodeURIComponent(back)}`));
  }
  return { ...res, message: firstMessage(res.body as { message?: string; messages?: string[] }, '') };
}

const SIDE_PATH = (side: Side) => new RegExp(String.raw`^/${LOCALE_SEGMENT}/${side}(/|$|\?)`);

/** Where to go after signing in: a path of the desk in `next`, else the desk's home (never another site). */
export function afterSignIn(locale: Locale, next: string | null, side: Side = 'admin'): string {
  return next && SIDE_PATH(side).test(next) && !next.includes('//') ? next : localePath(locale, `/${side}`);
}
