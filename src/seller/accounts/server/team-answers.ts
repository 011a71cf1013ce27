import { fields, id, listOf, named, text, when } from '#server/api/openapi/answer-fields.ts';

/** The seller portal's team answers, as its islands read them (issue 49: documented and checked like the shop's). */
export const SellerMe = fields({
  id,
  seller_id: id,
  seller_name: text,
  email: text,
  name: text,
  role: text,
  permissions: listOf(text),
});

export const TeamMember = named(
  'SellerTeamMember',
  fields({ id, email: text, name: text, role: text, status: text, createdAt: when }),
);

export const Team = listOf(TeamMember);
