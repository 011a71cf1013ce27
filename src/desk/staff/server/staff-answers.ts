import {
  fields,
  flag,
  id,
  listOf,
  named,
  nullable,
  nullableText,
  pageOf,
  text,
  when,
} from '#server/api/openapi/answer-fields.ts';

/** The staff desk's answers, as its islands read them (issue 49: documented and checked like the shop's). */
export const Me = fields({ id, email: text, name: text, role: text, permissions: listOf(text) });

export const StaffMember = named(
  'DeskStaffMember',
  fields({ id, email: text, name: text, role: text, status: text, twoFactor: flag, createdAt: when }),
);

export const StaffList = listOf(StaffMember);

export const AuditPage = named(
  'DeskAuditPage',
  pageOf(
    fields({
      id,
      at: when,
      staffEmail: nullableText,
      staffRole: nullableText,
      action: text,
      subjectType: text,
      subjectId: text,
      before: nullable(fields({})),
      after: nullable(fields({})),
      reason: nullableText,
    }),
  ),
);
