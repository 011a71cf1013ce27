import type { AstroGlobal } from 'astro';
import { ROLE_PERMISSIONS, can, type Permission } from '#core/permissions/permissions.ts';
import { localePath } from '#i18n/routes.ts';
import { sharedDatabase } from '#server/db/index.ts';
import type { ShopDb } from '#server/db/index.ts';
import {
  isSecureRequest,
  readStaffSession,
  staffTokenFromCookies,
  type OpenSession,
} from '#core/actors/server/staff-sessions.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';

/** What a desk page knows once its member is signed in; the language is the request's (Astro.locals). */
export interface DeskPage {
  db: ShopDb;
  staff: Omit<StaffActor, 'clientAddress'>;
  /** The member's session (their account page marks it among their sessions). */
  session: OpenSession;
  /** Everything this member's role may do: the layout's menu shows only these. */
  permissions: readonly Permission[];
  /**
   * The member may open this page. When not, the page answers 403 and `AdminLayout` (given `desk={page}`) draws its
   * heading slot and the Forbidden notice instead of the page's body: the page loads nothing then.
   */
  allowed: boolean;
  /** Whether the member may also do `permission` (a link or button the page shows only to some roles). */
  can: (permission: Permission) => boolean;
}

/**
 * What every desk page starts with: the signed-in staff member and whether the page's one `permission` is theirs.
 * Otherwise the answer to send instead: the sign-in page, with the way back. The API checks again on every call;
 * this only decides what the page draws.
 *
 * ```astro
 * const page = await deskPage(Astro, 'promotions.manage');
 * if (page instanceof Response) return page;
 * const list = page.allowed ? await listCoupons(page.db, pageNumber) : null;
 * ```
 */
export async function deskPage(astro: AstroGlobal, permission: Permission | null): Promise<DeskPage | Response> {
  const { db } = await sharedDatabase();
  const session = await deskSession(astro, db);
  if (!session || session.stage !== 'verified') {
    const back = `${astro.url.pathname}${astro.url.search}`;
    return astro.redirect(`${localePath(astro.locals.locale, '/admin/login')}?next=${encodeURIComponent(back)}`, 303);
  }
  const { role } = session.staff;
  // null: a page of every signed-in member's own (their account).
  const allowed = permission === null || can(role, permission);
  if (!allowed) astro.response.status = 403;
  return { db, staff: session.staff, session, permissions: ROLE_PERMISSIONS[role], allowed, can: (p) => can(role, p) };
}

/** The staff session the request's cookie names (the same cookie, and the same refusal of a duplicate, as the API). */
function deskSession(astro: AstroGlobal, db: ShopDb): Promise<OpenSession | null> {
  const headers = astro.request.headers;
  const secure = isSecureRequest(astro.url.href, headers.get('x-forwarded-proto'));
  return readStaffSession(db, staffTokenFromCookies(headers.get('cookie'), secure));
}

/**
 * A desk page of one record the route's `[id]` names (`/admin/coupons/[id]`): the desk page, and the record `read`
 * finds for that id when the member may open the page (null when not). An id that is not one, or that names no
 * record, answers the shop's not-found page.
 *
 * ```astro
 * const page = await deskRecordPage(Astro, 'promotions.manage', readCoupon);
 * if (page instanceof Response) return page;
 * const coupon = page.record;
 * ```
 */
export async function deskRecordPage<T>(
  astro: AstroGlobal,
  permission: Permission,
  read: (db: ShopDb, id: number) => Promise<T | null>,
): Promise<(DeskPage & { record: T | null }) | Response> {
  const page = await deskPage(astro, permission);
  if (page instanceof Response) return page;
  const id = /^\d{1,9}$/.test(astro.params.id ?? '') ? Number(astro.params.id) : 0;
  const record = page.allowed && id > 0 ? await read(page.db, id) : null;
  if (page.allowed && !record) return astro.rewrite('/404');
  return { ...page, record };
}
