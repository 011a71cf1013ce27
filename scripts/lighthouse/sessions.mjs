// Signed-in pages for `npm run lighthouse`: a desk member (operations, for the orders page) and a seller's owner (for
// the portal's dashboard), invited, accepted and given a verified session through the same services the desk and the
// portal use, in the database the measured server reads. Each run of the script makes two new members (e-mails under
// `lighthouse.test`); their sessions end after STAFF_IDLE_MINUTES like anyone's.
import { randomBytes } from 'node:crypto';
import { sharedDatabase } from '../../src/server/db/index.ts';
import { acceptInviteOf } from '../../src/core/second-factor/server/sign-in/accounts.ts';
import { openSession } from '../../src/core/second-factor/server/sign-in/sessions.ts';
import { inviteStaff } from '../../src/desk/staff/server/staff-accounts.ts';
import { STAFF_COOKIE, STAFF_REALM } from '../../src/core/actors/server/staff-sessions.ts';
import { inviteSellerMember } from '../../src/seller/accounts/server/invitations.ts';
import { SELLER_COOKIE, SELLER_REALM } from '../../src/core/actors/server/seller-sessions.ts';

const PASSWORD = `lighthouse-${randomBytes(8).toString('hex')}`;
const client = { clientAddress: '127.0.0.1', userAgent: 'lighthouse' };
const tag = () => `${Date.now()}.${randomBytes(2).toString('hex')}`;

/** `Cookie` headers of a signed-in desk member and a signed-in seller owner. */
export async function signedInCookies() {
  const { db } = await sharedDatabase();
  const { token: staffToken } = await inviteStaff(
    db,
    { email: `desk.${tag()}@lighthouse.test`, name: 'Lighthouse', role: 'operations' },
    null,
  );
  const staffId = await acceptInviteOf(db, STAFF_REALM, staffToken, PASSWORD);
  const staff = await openSession(db, STAFF_REALM, staffId, 'verified', client);

  const seller = await db.selectFrom('sellers').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { token: sellerToken } = await db
    .transaction()
    .execute((trx) =>
      inviteSellerMember(trx, seller.id, { email: `portal.${tag()}@lighthouse.test`, name: 'Lighthouse', role: 'owner' }, null),
    );
  const memberId = await acceptInviteOf(db, SELLER_REALM, sellerToken, PASSWORD);
  const member = await openSession(db, SELLER_REALM, memberId, 'verified', client);
  return { desk: `${STAFF_COOKIE}=${staff}`, portal: `${SELLER_COOKIE}=${member}` };
}
