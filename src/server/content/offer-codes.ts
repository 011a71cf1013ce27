import type { ShopDb } from '../db/index.ts';

interface OfferWithCode {
  id: string;
  data: { code?: string | undefined };
}

/**
 * Refuses to build an offer that advertises a coupon code the shop does not have: a shopper would copy the code and
 * be told 'Invalid Coupon' (as GRIND15 and KANAKA were). Run when the offer pages are built, against the database the
 * build reads. Codes are compared as the checkout compares them (trimmed, uppercased).
 */
export async function assertOfferCodesExist(db: ShopDb, offers: readonly OfferWithCode[]): Promise<void> {
  const named = offers.filter((o) => o.data.code && o.data.code.trim() !== '');
  if (named.length === 0) return;
  const codes = [...new Set(named.map((o) => o.data.code!.trim().toUpperCase()))];
  const rows = await db.selectFrom('coupons').select('code').where('code', 'in', codes).execute();
  const known = new Set(rows.map((r) => r.code));
  const missing = named.filter((o) => !known.has(o.data.code!.trim().toUpperCase()));
  if (missing.length > 0) {
    const list = missing.map((o) => `"${o.id}" names code "${o.data.code}"`).join('; ');
    throw new Error(
      `Offer coupon codes not found in the coupons table: ${list}. Create the coupon first, or remove the code from the offer. ` +
        '(A demo database made before the demo coupons existed lacks them: delete ./data/shop.sqlite and build again.)',
    );
  }
}
