import type { Kysely } from 'kysely';
import type { ShopDb } from '#server/db/index.ts';
import type {
  SellerInviteTable,
  SellerRecoveryCodeTable,
  SellerSessionTable,
  StaffTable,
} from '#server/db/schema-back-office.ts';

/**
 * One sign-in machinery, two audiences (decision 031): the staff desk and the seller portal each keep their members,
 * invitations, recovery codes and sessions in tables of their own, of the same shapes, and sign in the same way
 * (password, then an authenticator code). A realm names a side's tables, its cookie and what keeps a member live;
 * the code in this folder takes one and never knows which side it serves.
 */
export interface TwoFactorRealm {
  /** What the logs and the audit log's subjects call a member: `staff` or `seller_member`. */
  subject: 'staff' | 'seller_member';
  members: 'staff' | 'seller_members';
  sessions: 'staff_sessions' | 'seller_sessions';
  invites: 'staff_invites' | 'seller_invites';
  recoveryCodes: 'staff_recovery_codes' | 'seller_recovery_codes';
  /** The column naming the member in the three other tables. */
  memberKey: 'staff_id' | 'member_id';
  /** The cookie on plain http, and its `__Host-` name over https. */
  cookie: { plain: string; secure: string };
  /** Whether a role read from the database is one of this side's. */
  isRole: (role: string) => boolean;
  /** Prefix of the rate-limit subjects, so a staff e-mail's failures never lock a seller member's and back. */
  limitPrefix: string;
  /** Idle minutes after which a signed-in session ends (read on each request: the tests change it). */
  idleMs: () => number;
  /** Beyond the member's own status: whether what they belong to still lets them in (a suspended seller does not). */
  memberAllowed?: (db: ShopDb, memberId: number) => Promise<boolean>;
}

/** The tables as this folder sees them: the seller's shapes (`member_id`), which the staff's match but for that name. */
interface RealmTables {
  members: StaffTable;
  sessions: SellerSessionTable;
  invites: SellerInviteTable;
  recovery_codes: SellerRecoveryCodeTable;
}
export type RealmDb = Kysely<RealmTables>;

/**
 * The database with a realm's tables under their shared names. Kysely writes the names as given, so the casts below
 * only tell the type checker that `staff_sessions.staff_id` has the shape `seller_sessions.member_id` has.
 */
export const realmDb = (db: ShopDb): RealmDb => db as unknown as RealmDb;
export const tablesOf = (realm: TwoFactorRealm) => ({
  members: realm.members as 'members',
  sessions: realm.sessions as 'sessions',
  invites: realm.invites as 'invites',
  recoveryCodes: realm.recoveryCodes as 'recovery_codes',
  key: realm.memberKey as 'member_id',
});
