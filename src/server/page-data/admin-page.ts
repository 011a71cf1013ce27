import type { AstroGlobal } from 'astro';
import { ROLE_PERMISSIONS, can, type Permission } from '../../lib/admin/permissions.ts';
import { isLocale, type Locale } from '../../i18n/locales.ts';
import { localePath } from '../../i18n/routes.ts';
import { sharedDatabase } from '../db/index.ts';
import type { ShopDb } from '../db/index.ts';
import { readStaffSession, STAFF_COOKIE } from '../admin/staff-sessions.ts';
import type { StaffActor } from '../admin/staff-actor.ts';

export interface StaffPage {
  locale: Locale;
  db: ShopDb;
  staff: Omit<StaffActor, 'clientAddress'>;
  permissions: readonly Permission[];
}

/**
 * What every desk page starts with: the locale, and the signed-in staff member allowed `permission`. Otherwise the
 * answer to send instead: the sign-in page (with the way back) or a 403 page. The API checks again on every call;
 * this only decides what the page draws.
 */
export async function staffPage(astro: AstroGlobal, permission: Permission | null): Promise<StaffPage | Response> {
  const { locale } = astro.params;
  if (!locale || !isLocale(locale)) return astro.rewrite('/404');
  const { db } = await sharedDatabase();
  const session = await readStaffSession(db, astro.cookies.get(STAFF_COOKIE)?.value);
  if (!session || session.stage !== 'verified') {
    const back = `${astro.url.pathname}${astro.url.search}`;
    return astro.redirect(`${localePath(locale, '/admin/login')}?next=${encodeURIComponent(back)}`, 303);
  }
  if (permission && !can(session.staff.role, permission)) {
    astro.response.status = 403;
  }
  return { locale, db, staff: session.staff, permissions: ROLE_PERMISSIONS[session.staff.role] };
}

/** The locale of a page open to anyone (sign-in, invitation), or null (the page answers 404). */
export function publicAdminLocale(astro: AstroGlobal): Locale | null {
  const { locale } = astro.params;
  return locale && isLocale(locale) ? locale : null;
}
