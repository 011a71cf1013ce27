import { Hono } from 'hono';
import { AuditQuerySchema, InviteStaffSchema, UpdateStaffSchema } from '#lib/schemas/admin.ts';
import { readAuditLog } from '../../audit/server/audit-log.ts';
import { inviteStaff, listStaff, updateStaff } from './staff-accounts.ts';
import { serverConfig } from '#server/config.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { idParam } from '#server/api/params.ts';
import { deskDocumenter, done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { OneTimeLink } from '#server/api/openapi/account-answers.ts';
import { AuditPage, StaffList, StaffMember } from './staff-answers.ts';

const documented = deskDocumenter('Staff');

/** Staff and the audit log: the owner's (staff.manage, audit.read). */
export const adminStaffRoutes = new Hono<ApiEnv>()
  .get(
    '/staff',
    documented('The staff and their roles', { 200: done('The staff.', StaffList) }),
    requireStaff('staff.manage'),
    async (c) => c.json({ data: await listStaff(c.get('db')) }),
  )
  .post(
    '/staff',
    documented('Invite a staff member', { 201: done('The invitation link.', OneTimeLink), 409: stale }),
    requireStaff('staff.manage'),
    validate('json', InviteStaffSchema),
    async (c) => {
      const body = c.req.valid('json');
      const { staffId, token } = await inviteStaff(c.get('db'), body, c.get('staff'));
      const link = `${serverConfig().publicOrigin}/${c.get('locale')}/admin/accept-invite?token=${encodeURIComponent(token)}`;
      return c.json({ data: { id: staffId, invite_link: link } }, 201);
    },
  )
  .patch(
    '/staff/:id',
    documented("Change a member's role, or suspend them", {
      200: done('The member.', StaffMember),
      404: missing('staff member'),
      409: stale,
    }),
    requireStaff('staff.manage'),
    validate('json', UpdateStaffSchema),
    async (c) => {
      const member = await updateStaff(c.get('db'), idParam(c, 'admin.staffNotFound'), c.req.valid('json'), c.get('staff'));
      return c.json({ data: member });
    },
  )
  .get(
    '/audit',
    documented('The audit log, newest first', { 200: done('A page of entries.', AuditPage) }),
    requireStaff('audit.read'),
    validate('query', AuditQuerySchema),
    async (c) => {
      const q = c.req.valid('query');
      const result = await readAuditLog(c.get('db'), {
        action: q.action,
        staff: q.staff,
        subjectType: q.subject_type,
        subjectId: q.subject_id,
        from: q.from,
        to: q.to,
        page: q.page,
      });
      return c.json({ data: result });
    },
  );
