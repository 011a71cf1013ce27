import type { SellerAuditActor } from '../../audit/server/audit.ts';
import type { SellerMember } from './seller-sessions.ts';

/** The signed-in seller member as the audit log's "who" (decision 031), with the address the request came from. */
export const sellerActor = (member: SellerMember, clientAddress: string): SellerAuditActor => ({
  side: 'seller',
  id: member.memberId,
  sellerId: member.sellerId,
  email: member.email,
  role: member.role,
  clientAddress,
});
