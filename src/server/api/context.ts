import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import type { ShopDb } from '../db/index.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import type { OpenSession } from '#core/actors/server/staff-sessions.ts';
import type { SellerMember, SellerSession } from '#core/actors/server/seller-sessions.ts';

/** What every API handler finds on the Hono context. */
export interface ApiEnv {
  /** Passed by the Astro endpoint: the connecting client's address (brute-force limit per address). */
  Bindings: { clientAddress?: string };
  Variables: {
    db: ShopDb;
    locale: Locale;
    t: Dictionary;
    /** Set by requireUser: the logged-in shopper. */
    userId: number;
    /** Set by requireStaff: the signed-in staff member (the audit log's "who") and their session. */
    staff: StaffActor;
    staffSession: OpenSession;
    /** Set by requireSeller: the signed-in seller member, whose sellerId scopes every seller query, and their session. */
    seller: SellerMember;
    sellerSession: SellerSession;
    /** Set by requireUser: the token's session (refresh-token family). */
    sessionId: string;
  };
}
