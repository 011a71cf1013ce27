import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { SellerRole } from '../../src/core/permissions/seller-permissions.ts';
import { inviteSellerMember } from '../../src/seller/accounts/server/invitations.ts';
import { SELLER_COOKIE, SELLER_REALM } from '../../src/core/actors/server/seller-sessions.ts';
import { acceptInviteOf } from '../../src/core/second-factor/server/sign-in/accounts.ts';
import { openSession } from '../../src/core/second-factor/server/sign-in/sessions.ts';
import { currentCode } from '../../src/core/second-factor/server/totp.ts';
import type { Database } from '../../src/server/db/schema.ts';
import type { ShopDb } from '../../src/server/db/index.ts';
import { jsonInit, STAFF_PASSWORD } from './staff.ts';

/** Sellers and their teams for the API tests and the journeys (issue 40), one way each. */
type Db = Kysely<Database>;
const tag = () => randomBytes(4).toString('hex');
let counter = 0;

/** The `name=value` of the seller cookie a response set (for the next request's Cookie header). */
export function sellerCookieFrom(res: Response): string {
  const match = /(?:^|[\s,])((?:__Host-)?bb_seller)=([^;]*)/.exec(res.headers.get('set-cookie') ?? '');
  if (!match) throw new Error(`no seller cookie in: ${res.headers.get('set-cookie')}`);
  return `${match[1]}=${match[2]}`;
}

/** A new seller (as approving a partner application makes one), active, not trusted unless asked. */
export async function makeSeller(db: Db, { name = 'Roaster', trusted = false }: { name?: string; trusted?: boolean } = {}) {
  const t = tag();
  const row = await db
    .insertInto('sellers')
    .values({
      slug: `seller-${t}`,
      name_en: `${name} ${t}`,
      name_ar: `محمصة ${t}`,
      description_en: 'A seller made by a test.',
      description_ar: 'بائع أنشأه اختبار.',
      city_en: 'Cairo',
      city_ar: 'القاهرة',
      rating: 0,
      logo: '/media/sellers/placeholder.svg',
      trusted: trusted ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A product of the seller's (the test's price and stock), through the shop's test helper, moved to this seller. */
export async function makeSellerProduct(
  db: Db,
  sellerId: number,
  p: { price: number; stock: number; before_discount?: number | null },
) {
  const { makeProduct } = await import('./orders.ts');
  const id = await makeProduct(db, p);
  await db.updateTable('products').set({ seller_id: sellerId }).where('id', '=', id).execute();
  return id;
}

/**
 * A member of the seller's team with a verified session, straight from the accounts module (as after password and
 * authenticator code; those steps through the API are signInSellerMember's), and the Cookie header that opens the
 * seller routes.
 */
export async function makeSellerMember(db: Db, sellerId: number, role: SellerRole) {
  const shopDb = db as unknown as ShopDb;
  const email = `${role}-${tag()}@seller.test`;
  const { token } = await shopDb
    .transaction()
    .execute((trx) => inviteSellerMember(trx, sellerId, { email, name: `${role} member`, role }, sysActor(sellerId)));
  const memberId = await acceptInviteOf(shopDb, SELLER_REALM, token, 'kettle-grinder-42');
  const session = await openSession(shopDb, SELLER_REALM, memberId, 'verified', {
    clientAddress: '203.0.113.9',
    userAgent: null,
  });
  const cookie = `${SELLER_COOKIE}=${session}`;
  return { id: memberId, memberId, sellerId, email, cookie, headers: { cookie } };
}

const sysActor = (sellerId: number) =>
  ({ side: 'seller', id: null, sellerId, email: 'tests', role: 'owner', clientAddress: 'tests' }) as const;

type AnyApi = Hono<any, any, any>;

/**
 * A seller member signed in the real way: invited, invitation accepted with a password through the API, authenticator
 * enrolled with a code from the secret the API handed out. Returns the cookie of their verified session and their
 * secret.
 */
export async function signInSellerMember(db: Db, api: AnyApi, sellerId: number, role: SellerRole) {
  counter += 1;
  const email = `${role}${counter}-${tag()}@seller.test`;
  const { memberId, token } = await db
    .transaction()
    .execute((trx) => inviteSellerMember(trx, sellerId, { email, name: `${role} ${counter}`, role }, null));
  const from = { clientAddress: `198.51.100.${counter % 250}` };
  const accepted = await api.request(
    '/api/seller/auth/accept-invite',
    jsonInit('POST', { token, password: STAFF_PASSWORD }),
    from,
  );
  if (accepted.status !== 200) throw new Error(`accept-invite: ${accepted.status} ${await accepted.text()}`);
  const cookie = sellerCookieFrom(accepted);
  const enrol = await api.request('/api/seller/auth/enrol', { headers: { cookie } }, from);
  const { data } = (await enrol.json()) as { data: { secret: string } };
  const confirmed = await api.request(
    '/api/seller/auth/enrol',
    jsonInit('POST', { code: currentCode(data.secret) }, cookie),
    from,
  );
  if (confirmed.status !== 200) throw new Error(`enrol: ${confirmed.status} ${await confirmed.text()}`);
  const signedIn = sellerCookieFrom(confirmed);
  return { id: memberId, sellerId, email, cookie: signedIn, secret: data.secret, headers: { cookie: signedIn } };
}
