/** The largest id a row can have (a 32-bit `integer` on PostgreSQL; the schemas' id fields use the same bound). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A catalog address's `idOrSlug` (`/api/products/:id`, `/api/vendor_details/:id`) read: digits are an id, anything
 * else a slug. Digits past MAX_ROW_ID name no row (`null`): PostgreSQL refuses them as an integer (a 500 the API fuzz
 * found), where the answer is the 404 of any unknown id.
 */
export function readIdOrSlug(idOrSlug: string): { id: number } | { slug: string } | null {
  if (!/^\d+$/.test(idOrSlug)) return { slug: idOrSlug };
  const id = Number(idOrSlug);
  return id <= MAX_ROW_ID ? { id } : null;
}
