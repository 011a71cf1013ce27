import { can } from '#core/permissions/permissions.ts';
import { poundsText } from '#lib/money.ts';
import type { ShopDb } from '#server/db/index.ts';
import { Problem } from '#server/problem.ts';
import { recordWalletEntry, walletBalance } from '#server/services/orders/wallet.ts';
import { lockShopper } from '#server/services/shopper-lock.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';

export interface WalletAdjustment {
  userId: number;
  direction: 'credit' | 'debit';
  /** Piastres, positive. */
  amount: number;
  /** Required: the shopper sees it in their wallet, the owner in the audit log. */
  reason: string;
}

/**
 * Support credits a wallet (a goodwill gesture), finance may also debit one (wallet.debit, checked here because one
 * route takes both). Under the shopper's lock, so a debit and a concurrent order cannot both spend the same balance;
 * a debit never takes the balance below zero. The ledger row keeps the reason as its note; the audit log keeps the
 * balance before and after.
 */
export async function adjustWallet(db: ShopDb, input: WalletAdjustment, actor: StaffActor): Promise<{ balance: number }> {
  if (input.direction === 'debit' && !can(actor.role, 'wallet.debit')) throw new Problem(403, 'admin.forbidden');
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst();
    if (!user) throw new Problem(404, 'adminMoney.customerNotFound');
    await lockShopper(trx, input.userId);
    const before = await walletBalance(trx, input.userId);
    const signed = input.direction === 'credit' ? input.amount : -input.amount;
    if (before + signed < 0)
      throw new Problem(422, 'adminMoney.walletInsufficient', {
        values: { balance: poundsText(before) },
        detail: { balance: before },
      });
    await recordWalletEntry(trx, { userId: input.userId, amount: signed, reason: 'credit', note: input.reason });
    const after = before + signed;
    await recordAudit(trx, actor, {
      action: `wallet.${input.direction}`,
      subject: { type: 'customer', id: input.userId },
      before: { balance: before },
      after: { balance: after, amount: signed },
      reason: input.reason,
    });
    return { balance: after };
  });
}
