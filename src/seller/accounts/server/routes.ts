import { Hono, type Context } from 'hono';
import type { ApiEnv } from '#server/api/context.ts';
import { idParam } from '#server/api/params.ts';
import { deskDocumenter, done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { clientAddress } from '#server/api/session-cookie.ts';
import { signInRoutes } from '#server/api/two-factor-sign-in.ts';
import { validate } from '#server/api/validation.ts';
import { localField } from '#i18n/localized.ts';
import { SELLER_ROLE_PERMISSIONS } from '#core/permissions/seller-permissions.ts';
import { ChangeSellerMemberSchema, InviteSellerMemberSchema } from '../schemas.ts';
import { sellerCookie } from './seller-cookie.ts';
import { sellerActor } from '#core/actors/server/seller-actor.ts';
import { SELLER_REALM } from '#core/actors/server/seller-sessions.ts';
import { inviteSellerMember, sellerInviteLink } from './invitations.ts';
import { changeMember, listTeam } from './team.ts';
import { resetSellerAuthenticator } from './authenticator-reset.ts';
import { requireSeller } from './require-seller.ts';
import { SellerMe, Team, TeamMember } from './team-answers.ts';
import { OneTimeLink } from '#server/api/openapi/account-answers.ts';

const documented = deskDocumenter('Seller sign-in');
const team = deskDocumenter('Seller team');
const actorOf = (c: Context<ApiEnv>) => sellerActor(c.get('seller'), clientAddress(c));

/** The seller members' sign-in (the same steps as the staff's, decision 031), who is signed in, and the team. */
export const sellerAccountRoutes = new Hono<ApiEnv>()
  .route(
    '/',
    signInRoutes({
      realm: SELLER_REALM,
      cookie: sellerCookie,
      who: 'Seller',
      documented,
      signedOut: 'seller.signedOut',
      actions: {
        signIn: 'sellerMember.signIn',
        failed: 'sellerMember.signIn.failed',
        locked: 'sellerMember.signIn.locked',
        refused: 'sellerMember.signIn.refused',
        sessionEnd: 'sellerMember.session.end',
        recoveryCodeUse: 'sellerMember.recoveryCode.use',
      },
      actorOf: async (db, member, clientAddress) => {
        const row = member.id
          ? await db.selectFrom('seller_members').select('seller_id').where('id', '=', member.id).executeTakeFirst()
          : undefined;
        return {
          side: 'seller',
          id: member.id,
          sellerId: row?.seller_id ?? null,
          email: member.email,
          role: member.role,
          clientAddress,
        };
      },
    }),
  )
  .get(
    '/me',
    documented('The signed-in seller member, their seller and their permissions', { 200: done('The member.', SellerMe) }),
    requireSeller(null),
    async (c) => {
      const member = c.get('seller');
      const seller = await c
        .get('db')
        .selectFrom('sellers')
        .select(['name_en', 'name_ar'])
        .where('id', '=', member.sellerId)
        .executeTakeFirstOrThrow();
      return c.json({
        data: {
          id: member.memberId,
          seller_id: member.sellerId,
          seller_name: localField(c.get('locale'), seller, 'name'),
          email: member.email,
          name: member.name,
          role: member.role,
          permissions: SELLER_ROLE_PERMISSIONS[member.role],
        },
      });
    },
  )
  .get('/team', team("The seller's team", { 200: done('The members.', Team) }), requireSeller('team.manage'), async (c) =>
    c.json({ data: await listTeam(c.get('db'), c.get('seller').sellerId) }),
  )
  .post(
    '/team',
    team('Invite a member with a role', { 201: done('The invitation link.', OneTimeLink), 409: stale }),
    requireSeller('team.manage'),
    validate('json', InviteSellerMemberSchema),
    async (c) => {
      const db = c.get('db');
      const { memberId, token } = await db
        .transaction()
        .execute((trx) => inviteSellerMember(trx, c.get('seller').sellerId, c.req.valid('json'), actorOf(c)));
      return c.json({ data: { id: memberId, invite_link: sellerInviteLink(c.get('locale'), token) } }, 201);
    },
  )
  .patch(
    '/team/:id',
    team("Change a member's role", { 200: done('The member.', TeamMember), 404: missing('member of your team'), 409: stale }),
    requireSeller('team.manage'),
    validate('json', ChangeSellerMemberSchema),
    async (c) => {
      const member = await changeMember(c.get('db'), scoped(c), idParam(c, 'seller.memberNotFound'), c.req.valid('json'));
      return c.json({ data: member });
    },
  )
  .delete(
    '/team/:id',
    team('Remove a member (signed out at once)', {
      200: done('The member, removed.', TeamMember),
      404: missing('member of your team'),
      409: stale,
    }),
    requireSeller('team.manage'),
    async (c) => {
      const member = await changeMember(c.get('db'), scoped(c), idParam(c, 'seller.memberNotFound'), { remove: true });
      return c.json({ data: member });
    },
  )
  .post(
    '/team/:id/reset-authenticator',
    team('A member lost their authenticator: a new enrolment link (their password and sessions end)', {
      200: done('The new one-time link, to pass on.', OneTimeLink),
      404: missing('member of your team'),
      409: stale,
    }),
    requireSeller('team.manage'),
    async (c) => {
      const reset = await resetSellerAuthenticator(
        c.get('db'),
        {
          sellerId: c.get('seller').sellerId,
          memberId: idParam(c, 'seller.memberNotFound'),
          ownersOnly: false,
          notFound: 'seller.memberNotFound',
        },
        scoped(c),
        null,
      );
      c.header('cache-control', 'no-store');
      return c.json({ data: { id: reset.memberId, invite_link: sellerInviteLink(c.get('locale'), reset.token) } });
    },
  );

/** The acting member, whose seller bounds every change. */
const scoped = (c: Context<ApiEnv>) => ({ ...actorOf(c), id: c.get('seller').memberId, sellerId: c.get('seller').sellerId });
