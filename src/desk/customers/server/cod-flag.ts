import type { ShopDb } from '#server/db/index.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';

/**
 * Flags a shopper for cash on delivery (e.g. after repeated refusals at the door) or clears the flag. While flagged,
 * checkout lists only prepaid methods and a cash-on-delivery order is refused (services/orders/payment-methods.ts).
 */
export async function setCodFlag(
  db: ShopDb,
  input: { userId: number; blocked: boolean; reason: string },
  actor: StaffActor,
): Promise<{ blocked: boolean; since: string | null; reason: string | null }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['cod_blocked_at', 'cod_blocked_reason'])
      .where('id', '=', input.userId)
      .executeTakeFirst();
    if (!user) throw new Problem(404, 'adminMoney.customerNotFound');
    // Blocking an already blocked shopper keeps the first date: "blocked since" stays true.
    const since = input.blocked ? (user.cod_blocked_at ?? new Date().toISOString()) : null;
    const reason = input.blocked ? input.reason : null;
    await trx
      .updateTable('users')
      .set({ cod_blocked_at: since, cod_blocked_reason: reason })
      .where('id', '=', input.userId)
      .execute();
    await recordAudit(trx, actor, {
      action: input.blocked ? 'customer.cod_block' : 'customer.cod_allow',
      subject: { type: 'customer', id: input.userId },
      before: { blocked: user.cod_blocked_at !== null, reason: user.cod_blocked_reason },
      after: { blocked: input.blocked, reason },
      reason: input.reason,
    });
    return { blocked: input.blocked, since, reason };
  });
}
