import { realmCookie } from '#server/api/two-factor-cookie.ts';
import { SELLER_REALM } from '#core/actors/server/seller-sessions.ts';

/** The seller member's session cookie: `bb_seller` on plain http, `__Host-bb_seller` over https (decision 031). */
export const sellerCookie = realmCookie(SELLER_REALM);
