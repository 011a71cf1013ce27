import type { ShopDb } from '#server/db/index.ts';
import type { Selectable } from 'kysely';
import type { CommissionRuleTable } from '#server/db/schema-seller-ledger.ts';
import { recordAudit } from '../../audit/server/audit.ts';
import type { DeskActor } from '../../actors/server/actors.ts';
import { nowIso } from '#server/db/values.ts';
import { Problem } from '#server/problem.ts';
import { ruleScope, type CommissionRule } from '#lib/seller-ledger/commission.ts';

const toRule = (row: Selectable<CommissionRuleTable>): CommissionRule =>
  row.kind === 'flat'
    ? { scope: row.scope, sellerId: row.seller_id, categoryId: row.category_id, kind: 'flat', flatFee: row.flat_fee ?? 0 }
    : {
        scope: row.scope,
        sellerId: row.seller_id,
        categoryId: row.category_id,
        kind: 'percent',
        rateBp: row.rate_bp ?? 0,
        minFee: row.min_fee,
        maxFee: row.max_fee,
      };

/** Every rule (a few per seller at most): the ledger picks the most specific per line (pickRule). */
export async function commissionRules(db: ShopDb): Promise<CommissionRule[]> {
  return (await db.selectFrom('commission_rules').selectAll().orderBy('id').execute()).map(toRule);
}

export type CommissionRuleInput =
  | {
      sellerId: number | null;
      categoryId: number | null;
      kind: 'percent';
      rateBp: number;
      minFee: number | null;
      maxFee: number | null;
    }
  | { sellerId: number | null; categoryId: number | null; kind: 'flat'; flatFee: number };

/**
 * Sets the rule of one scope (marketplace, category, seller, seller and category), audited; a maximum below the
 * minimum is refused (it would make the minimum meaningless). A rule applies to lines
 * delivered after it: the commission lines already written keep the amounts they were written with.
 */
export async function saveCommissionRule(db: ShopDb, input: CommissionRuleInput, actor: DeskActor): Promise<CommissionRule> {
  if (input.kind === 'percent' && input.minFee !== null && input.maxFee !== null && input.minFee > input.maxFee)
    throw new Problem(422, 'sellerLedger.maxBelowMin', { fields: { max_fee: ['sellerLedger.maxBelowMin'] } });
  const scope = ruleScope(input.sellerId, input.categoryId);
  const values = {
    scope,
    seller_id: input.sellerId,
    category_id: input.categoryId,
    kind: input.kind,
    rate_bp: input.kind === 'percent' ? input.rateBp : null,
    min_fee: input.kind === 'percent' ? input.minFee : null,
    max_fee: input.kind === 'percent' ? input.maxFee : null,
    flat_fee: input.kind === 'flat' ? input.flatFee : null,
    updated_by: actor.id,
    updated_at: nowIso(),
  };
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('commission_rules').selectAll().where('scope', '=', scope).executeTakeFirst();
    const row = await trx
      .insertInto('commission_rules')
      .values(values)
      .onConflict((oc) => oc.column('scope').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'commission.rule_save',
      subject: { type: 'commission_rule', id: scope },
      before: before ? toRule(before) : undefined,
      after: toRule(row),
    });
    return toRule(row);
  });
}

/**
 * Removes the rule of one scope, audited (before: the rule, after: none); the lines it covered fall to the next broader
 * rule. The marketplace's rule stays (409): it is what every other line falls back to, so a sale is never without one.
 * Like a change, a removal applies to lines delivered after it: the commission lines already written keep theirs.
 */
export async function removeCommissionRule(
  db: ShopDb,
  input: { sellerId: number | null; categoryId: number | null },
  actor: DeskActor,
): Promise<void> {
  const scope = ruleScope(input.sellerId, input.categoryId);
  if (scope === 'marketplace') throw new Problem(409, 'sellerLedger.marketplaceRuleStays');
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('commission_rules').selectAll().where('scope', '=', scope).executeTakeFirst();
    if (!before) throw new Problem(404, 'sellerLedger.ruleNotFound');
    await trx.deleteFrom('commission_rules').where('id', '=', before.id).execute();
    await recordAudit(trx, actor, {
      action: 'commission.rule_remove',
      subject: { type: 'commission_rule', id: scope },
      before: toRule(before),
    });
  });
}
