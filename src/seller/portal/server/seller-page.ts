import type { AstroGlobal } from 'astro';
import { localePath } from '#i18n/routes.ts';
import { localField } from '#i18n/localized.ts';
import { sharedDatabase, type ShopDb } from '#server/db/index.ts';
import { isSecureRequest, tokenFromCookiesOf } from '#core/second-factor/server/sign-in/cookie.ts';
import { SELLER_ROLE_PERMISSIONS, sellerCan, type SellerPermission } from '#core/permissions/seller-permissions.ts';
import { readSellerSession, SELLER_REALM, type SellerMember, type SellerSession } from '#core/actors/server/seller-sessions.ts';

/** What a portal page knows once its member is signed in; the language is the request's (Astro.locals). */
export interface SellerPage {
  db: ShopDb;
  member: SellerMember;
  /** The member's signed-in session (their account page lists it among their others). */
  session: SellerSession;
  /** The seller's name in the page's language, for the header. */
  sellerName: string;
  permissions: readonly SellerPermission[];
  /** The member's role may open this page; when not, the page answers 403 and the layout shows Forbidden instead. */
  allowed: boolean;
  /** What only some roles see on the page (the API checks again). */
  can: (permission: SellerPermission) => boolean;
}

/**
 * What every portal page starts with (the desk's `deskPage`, for seller members): the signed-in member and whether the
 * page's permission is theirs; otherwise the sign-in page, with the way back. The API checks again on every call.
 */
export async function sellerPage(astro: AstroGlobal, permission: SellerPermission | null): Promise<SellerPage | Response> {
  const { db } = await sharedDatabase();
  const headers = astro.request.headers;
  const secure = isSecureRequest(astro.url.href, headers.get('x-forwarded-proto'));
  const session = await readSellerSession(db, tokenFromCookiesOf(SELLER_REALM, headers.get('cookie'), secure));
  if (!session || session.stage !== 'verified') {
    const back = `${astro.url.pathname}${astro.url.search}`;
    return astro.redirect(`${localePath(astro.locals.locale, '/seller/login')}?next=${encodeURIComponent(back)}`, 303);
  }
  const member = session.seller;
  const allowed = permission === null || sellerCan(member.role, permission);
  if (!allowed) astro.response.status = 403;
  const seller = await db
    .selectFrom('sellers')
    .select(['name_en', 'name_ar'])
    .where('id', '=', member.sellerId)
    .executeTakeFirstOrThrow();
  const sellerName = localField(astro.locals.locale, seller, 'name');
  return {
    db,
    member,
    session,
    sellerName,
    permissions: SELLER_ROLE_PERMISSIONS[member.role],
    allowed,
    can: (p) => sellerCan(member.role, p),
  };
}
