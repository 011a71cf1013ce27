/**
 * Bosta's districts (issue 38): a delivery's `dropOffAddress.districtId` is required "unless districtName and cityId
 * are provided" (https://docs.bosta.co/docs/how-to/format-bosta-address). Bosta publishes its list through its public
 * API, so the shop does not keep a copy that goes stale: `GET /cities?countryId=<Egypt>` gives each city's `_id` and
 * `name`, `GET /cities/{cityId}/districts` its districts as
 * `{ zoneId, zoneName, districtId, districtName, districtOtherName, pickupAvailability, dropOffAvailability }`
 * (`districtOtherName` is the Arabic name). The shop's area, as the shopper typed it in either language, is matched
 * to a district Bosta delivers to; no match, and the desk says the district is what stops the order.
 * Lists are kept a day per base address (they change when Bosta opens a zone, not per order).
 */
export const BOSTA_EGYPT_ID = '60e4482c7cb7d4bc4849c4d5';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BostaDistrict {
  districtId: string;
  districtName: string;
  districtOtherName?: string;
  dropOffAvailability?: boolean;
}

type Get = (path: string) => Promise<unknown>;
interface Cached<T> {
  at: number;
  value: Promise<T>;
}
const cache = new Map<string, Cached<unknown>>();

function remembered<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = cache.get(key) as Cached<T> | undefined;
  if (hit && now - hit.at < DAY_MS) return hit.value;
  const value = load();
  cache.set(key, { at: now, value });
  // A failed read is not kept: the next hand-over asks again.
  value.catch(() => cache.delete(key));
  return value;
}

/** Forgets the lists (tests: each contract test answers as its own Bosta). */
export const forgetBostaDistricts = () => cache.clear();

/** An answer's list, whether `data` is the array or wraps it (`{ list }`). */
const listOf = (data: unknown): Record<string, unknown>[] => {
  const list = Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
};

/** Names compared as people type them: case, spaces, hamza and taa marbuta forms, Arabic-Indic digits. */
export const districtKey = (name: string): string =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\s\-_.,'’]+/g, ' ')
    .trim();

/** The district id Bosta delivers to for this city and area, or null when Bosta has none by that name. */
export async function bostaDistrictId(base: string, get: Get, city: string, area: string): Promise<string | null> {
  const cities = await remembered(`${base} cities`, async () => listOf(await get(`/cities?countryId=${BOSTA_EGYPT_ID}`)));
  const wanted = districtKey(city);
  const found = cities.find((c) => districtKey(String(c['name'] ?? '')) === wanted);
  const cityId = found?.['_id'];
  if (typeof cityId !== 'string') return null;
  const districts = await remembered(`${base} districts ${cityId}`, async () =>
    listOf(await get(`/cities/${encodeURIComponent(cityId)}/districts`)).map((d) => d as unknown as BostaDistrict),
  );
  const key = districtKey(area);
  const match = districts.find(
    (d) =>
      d.dropOffAvailability !== false &&
      (districtKey(String(d.districtName ?? '')) === key || districtKey(String(d.districtOtherName ?? '')) === key),
  );
  return match ? String(match.districtId) : null;
}
