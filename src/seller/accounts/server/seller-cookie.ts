import { realmCookie } from '../../../server/api/two-factor-cookie.ts';
import { SELLER_REALM } from './seller-realm.ts';

/** The seller member's session cookie: `bb_seller` on plain http, `__Host-bb_seller` over https (decision 031). */
export const sellerCookie = realmCookie(SELLER_REALM);
