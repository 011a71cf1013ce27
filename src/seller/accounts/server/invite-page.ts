import { readInviteOf } from '#core/second-factor/server/sign-in/accounts.ts';
import { sharedDatabase } from '#server/db/index.ts';
import { SELLER_REALM } from '#core/actors/server/seller-sessions.ts';

/** Who a seller invitation link is for, while it is good (the accept page greets them); null otherwise. */
export async function sellerInviteOf(token: string): Promise<{ name: string; email: string } | null> {
  if (token.length > 100) return null;
  return readInviteOf((await sharedDatabase()).db, SELLER_REALM, token);
}
