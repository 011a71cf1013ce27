import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import {
  acceptInviteOf,
  checkPasswordOf,
  issueInvite,
  lockActiveOwners,
  readInviteOf,
} from '#core/second-factor/server/sign-in/accounts.ts';
import { isStaffRole, type StaffRole } from '#core/permissions/permissions.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { endStaffMemberSessions, STAFF_REALM } from '#core/actors/server/staff-sessions.ts';

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
 * link (src/core/second-factor/server/sign-in/accounts.ts); the password and the second factor are chosen by the invitee.
 */
export async function inviteStaff(
  db: ShopDb,
  input: { email: string; name: string; role: StaffRole },
  by: StaffActor | null,
): Promise<{ staffId: number; token: string }> {
  return db.transaction().execute(async (trx) => {
    const { memberId, token } = await issueInvite(trx, STAFF_REALM, input, by?.id ?? null);
    await recordAudit(trx, by, {
      action: 'staff.invite',
      subject: { type: 'staff', id: memberId },
      after: { email: input.email.trim().toLowerCase(), role: input.role },
    });
    return { staffId: memberId, token };
  });
}

/** Who an invitation is for, while it is still good (the accept page greets them). */
export async function readInvite(db: ShopDb, token: string): Promise<{ staffId: number; email: string; name: string } | null> {
  const invite = await readInviteOf(db, STAFF_REALM, token);
  return invite && { staffId: invite.memberId, email: invite.email, name: invite.name };
}

/** Takes an invitation: sets the password; the second factor is enrolled next (the session starts at `enrol`). */
export const acceptInvite = (db: ShopDb, token: string, password: string): Promise<number> =>
  acceptInviteOf(db, STAFF_REALM, token, password);

/** The first factor: the active staff member with this e-mail and password, or null. */
export const checkPassword = (db: ShopDb, email: string, password: string) => checkPasswordOf(db, STAFF_REALM, email, password);

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
    const owners = await lockActiveOwners(trx, STAFF_REALM);
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
    await endStaffMemberSessions(trx, staffId);
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
