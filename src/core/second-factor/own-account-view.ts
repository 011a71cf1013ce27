/**
 * A member's own account as its service reads it and its page draws it, on either side (staff at /admin/account,
 * seller members at /seller/account): src/core/second-factor/server/sign-in/own-account.ts returns it, OwnAccount.astro draws it.
 */

/** One of a member's signed-in sessions. */
export interface OwnSessionView {
  id: string;
  current: boolean;
  clientAddress: string;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
}

export interface OwnAccountView {
  sessions: OwnSessionView[];
  recoveryCodesLeft: number;
}
