import type { SellerRole } from '#core/permissions/seller-permissions.ts';

/** A member as the team page and GET /api/seller/team show them. */
export interface TeamRow {
  id: number;
  email: string;
  name: string;
  role: SellerRole;
  status: 'invited' | 'active' | 'disabled';
  createdAt: string;
}
