import type { StaffRole } from '#core/permissions/permissions.ts';

/** A member of staff as the desk lists them. */
export interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: 'invited' | 'active' | 'disabled';
  twoFactor: boolean;
}
