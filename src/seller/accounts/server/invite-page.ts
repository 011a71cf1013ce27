import { readInviteOf } from '../../../server/auth/two-factor/accounts.ts';
import { sharedDatabase } from '../../../server/db/index.ts';
import { SELLER_REALM } from './seller-realm.ts';

/** Who a seller invitation link is for, while it is good (the accept page greets them); null otherwise. */
export async function sellerInviteOf(token: string): Promise<{ name: string; email: string } | null> {
  if (token.length > 100) return null;
  return readInviteOf((await sharedDatabase()).db, SELLER_REALM, token);
}
