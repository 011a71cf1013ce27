import { PostgresAdapter } from 'kysely';
import type { ShopDb } from '../db/index.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/passwords.ts';
import { isoIn, isoNow, randomToken, sha256 } from '../auth/secrets.ts';
import { isStaffRole, type StaffRole } from '../../lib/admin/permissions.ts';
import { Problem } from '../problem.ts';
import { recordAudit } from './audit.ts';
import type { StaffActor } from './staff-actor.ts';

/** An invitation link is good for three days: long enough for a weekend, short enough not to linger in a mailbox. */
const INVITE_SECONDS = 3 * 24 * 3600;

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: 'invited' | 'active' | 'disabled';
  twoFactor: boolean;
  createdAt: string;
}

type StaffRow = {
  id: number;
  email: string;
  name: string;
  role: string;
  status: string;
  totp_secret: string | null;
  created_at: string;
};

export const toMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: isStaffRole(row.role) ? row.role : 'seller',
  status: row.status as StaffMember['status'],
  twoFactor: row.totp_secret !== null,
  createdAt: row.created_at,
});

const memberColumns = ['id', 'email', 'name', 'role', 'status', 'totp_secret', 'created_at'] as const;

export async function listStaff(db: ShopDb): Promise<StaffMember[]> {
  const rows = await db.selectFrom('staff').select(memberColumns).orderBy('id').execute();
  return rows.map(toMember);
}

/**
 * Invites a staff member (the CLI for the first owner, then the owner in the desk): an `invited` account and a one-time
 * link; the password and the second factor are chosen by the invitee. Inviting an e-mail that is still invited issues a
 * fresh link, a disabled one starts over; an active account is refused.
 */
export async function inviteStaff(
  db: ShopDb,
  input: { email: string; name: string; role: StaffRole },
  by: StaffActor | null,
): Promise<{ staffId: number; token: string }> {
  const email = input.email.trim().toLowerCase();
  const token = randomToken();
  const staffId = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('staff').select(['id', 'status', 'role']).where('email', '=', email).executeTakeFirst();
    // An active member must be disabled first: re-inviting them then starts over (new password, new second factor),
    // the way back for someone who lost their phone and their recovery codes.
    if (existing?.status === 'active') throw new Problem(409, 'admin.staffExists');
    const now = isoNow();
    const id = existing
      ? existing.id
      : (
          await trx
            .insertInto('staff')
            .values({
              email,
              name: input.name.trim(),
              role: input.role,
              status: 'invited',
              invited_by: by?.id ?? null,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
    if (existing)
      await trx
        .updateTable('staff')
        .set({
          role: input.role,
          name: input.name.trim(),
          status: 'invited',
          password_hash: null,
          totp_secret: null,
          totp_last_step: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    await trx
      .updateTable('staff_invites')
      .set({ used_at: now })
      .where('staff_id', '=', id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('staff_invites')
      .values({ token_hash: sha256(token), staff_id: id, expires_at: isoIn(INVITE_SECONDS), used_at: null })
      .execute();
    await recordAudit(trx, by, {
      action: 'staff.invite',
      subject: { type: 'staff', id },
      after: { email, role: input.role },
    });
    return id;
  });
  return { staffId, token };
}

/** Who an invitation is for, while it is still good (the accept page greets them). */
export async function readInvite(db: ShopDb, token: string): Promise<{ staffId: number; email: string; name: string } | null> {
  const row = await db
    .selectFrom('staff_invites')
    .innerJoin('staff', 'staff.id', 'staff_invites.staff_id')
    .select(['staff.id', 'staff.email', 'staff.name'])
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoNow())
    .where('staff.status', '=', 'invited')
    .executeTakeFirst();
  return row ? { staffId: row.id, email: row.email, name: row.name } : null;
}

/** Takes an invitation: sets the password; the second factor is enrolled next (the session starts at `enrol`). */
export async function acceptInvite(db: ShopDb, token: string, password: string): Promise<number> {
  if (isCommonPassword(password))
    throw new Problem(422, 'admin.commonPassword', { fields: { password: ['admin.commonPassword'] } });
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('staff_invites')
      .set({ used_at: isoNow() })
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', isoNow())
      .returning('staff_id')
      .executeTakeFirst();
    if (!used) throw new Problem(410, 'admin.inviteExpired');
    const activated = await trx
      .updateTable('staff')
      .set({ password_hash: hash, status: 'active', totp_secret: null, totp_last_step: null, updated_at: isoNow() })
      .where('id', '=', used.staff_id)
      .where('status', '=', 'invited')
      .executeTakeFirst();
    if (Number(activated.numUpdatedRows) !== 1) throw new Problem(410, 'admin.inviteExpired');
    return used.staff_id;
  });
}

// Compared against when the e-mail is unknown, so a wrong address takes as long as a wrong password.
let decoy: Promise<string> | undefined;

/** The first factor: the active staff member with this e-mail and password, or null. */
export async function checkPassword(
  db: ShopDb,
  email: string,
  password: string,
): Promise<{ id: number; enrolled: boolean } | null> {
  const row = await db
    .selectFrom('staff')
    .select(['id', 'password_hash', 'totp_secret', 'status'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row?.password_hash || row.status !== 'active') {
    decoy ??= hashPassword('decoy-password-for-timing');
    await verifyPassword(password, await decoy);
    return null;
  }
  return (await verifyPassword(password, row.password_hash)) ? { id: row.id, enrolled: row.totp_secret !== null } : null;
}

/**
 * The active owners, locked until the transaction ends: `SELECT … FOR UPDATE` on PostgreSQL, so of two owners demoting
 * each other at once the second waits for the first and then counts what it left; SQLite runs one write transaction
 * at a time (and Kysely's one connection serialises transactions), so its count is already current.
 */
async function lockActiveOwners(trx: ShopDb): Promise<number[]> {
  const query = trx.selectFrom('staff').select('id').where('role', '=', 'owner').where('status', '=', 'active').orderBy('id');
  const rows = await (trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).execute();
  return rows.map((row) => row.id);
}

/**
 * Changes a member's role or status (the owner); the last active owner cannot be demoted or disabled, and an invited
 * member's status changes only through the invitation (accepted: active; invited again: a new link).
 */
export async function updateStaff(
  db: ShopDb,
  staffId: number,
  change: { role?: StaffRole | undefined; status?: 'active' | 'disabled' | undefined },
  by: StaffActor,
): Promise<StaffMember> {
  return db.transaction().execute(async (trx) => {
    const owners = await lockActiveOwners(trx);
    const before = await trx.selectFrom('staff').select(memberColumns).where('id', '=', staffId).executeTakeFirst();
    if (!before) throw new Problem(404, 'admin.staffNotFound');
    if (before.status === 'invited' && change.status) throw new Problem(409, 'admin.invitedStatus');
    const losesOwner =
      before.role === 'owner' &&
      before.status === 'active' &&
      ((change.role && change.role !== 'owner') || change.status === 'disabled');
    if (losesOwner && owners.filter((id) => id !== staffId).length === 0) throw new Problem(409, 'admin.lastOwner');
    await trx
      .updateTable('staff')
      .set({
        ...(change.role ? { role: change.role } : {}),
        ...(change.status ? { status: change.status } : {}),
        updated_at: isoNow(),
      })
      .where('id', '=', staffId)
      .execute();
    // A disabled member or a new role starts from a fresh sign-in.
    await trx.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
    const after = await trx.selectFrom('staff').select(memberColumns).where('id', '=', staffId).executeTakeFirstOrThrow();
    await recordAudit(trx, by, {
      action: 'staff.update',
      subject: { type: 'staff', id: staffId },
      before: { role: before.role, status: before.status },
      after: { role: after.role, status: after.status },
    });
    return toMember(after);
  });
}
