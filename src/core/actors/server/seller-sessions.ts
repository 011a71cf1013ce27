import type { ShopDb } from '#server/db/index.ts';
import { serverConfig } from '#server/config.ts';
import type { TwoFactorRealm } from '../../second-factor/server/sign-in/realm.ts';
import { readSession, type MemberSession } from '../../second-factor/server/sign-in/sessions.ts';
import { isSellerRole, type SellerRole } from '../../permissions/seller-permissions.ts';

/** The cookie of a seller member's session on plain http (a demo, the tests); `__Host-bb_seller` over https. */
export const SELLER_COOKIE = 'bb_seller';

/** Whether the seller a member works for is active: a suspended seller's members cannot sign in, and are signed out. */
async function sellerActive(db: ShopDb, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('seller_members')
    .innerJoin('sellers', 'sellers.id', 'seller_members.seller_id')
    .select('sellers.status')
    .where('seller_members.id', '=', memberId)
    .executeTakeFirst();
  return row?.status === 'active';
}

/**
 * The seller portal's side of the two-factor machinery (decision 031): its own tables and cookie, so a seller member's
 * session never opens the desk and a staff session never opens the portal. Idle like staff (STAFF_IDLE_MINUTES).
 */
export const SELLER_REALM: TwoFactorRealm = {
  subject: 'seller_member',
  members: 'seller_members',
  sessions: 'seller_sessions',
  invites: 'seller_invites',
  recoveryCodes: 'seller_recovery_codes',
  memberKey: 'member_id',
  cookie: { plain: SELLER_COOKIE, secure: '__Host-bb_seller' },
  isRole: isSellerRole,
  limitPrefix: 'seller:',
  idleMs: () => serverConfig().staffIdleMs,
  memberAllowed: sellerActive,
};

/** The signed-in seller member every seller route works for (set by requireSeller). */
export interface SellerMember {
  sellerId: number;
  memberId: number;
  role: SellerRole;
  email: string;
  name: string;
}

export interface SellerSession extends MemberSession {
  seller: SellerMember;
}

/** A seller member's live session (any stage), with the seller they work for; null when none. */
export async function readSellerSession(db: ShopDb, token: string | undefined): Promise<SellerSession | null> {
  const session = await readSession(db, SELLER_REALM, token);
  if (!session) return null;
  const row = await db
    .selectFrom('seller_members')
    .select('seller_id')
    .where('id', '=', session.member.id)
    .executeTakeFirstOrThrow();
  const { id, email, name, role } = session.member;
  return { ...session, seller: { sellerId: row.seller_id, memberId: id, role: role as SellerRole, email, name } };
}
