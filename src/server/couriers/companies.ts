import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { Problem } from '../problem.ts';
import { bostaCompany } from './bosta.ts';
import type { CourierCompany, CourierCompanyName } from './courier-company.ts';
import { sandboxCompany } from './sandbox-courier.ts';

/**
 * The courier companies this shop may hand parcels to (issue 38): Bosta when its key and webhook secret are set, the
 * sandbox courier in a demo (COURIER_SANDBOX). The sandbox's deliveries are kept per database (one company per test
 * database). Bosta's `fetch` is the global one unless a test installs a stand-in (`useBostaFetch`, as
 * `usePublishRunner` does for publishes): the contract tests answer with Bosta's documented shapes.
 */
let bostaFetch: typeof fetch = (...args) => fetch(...args);

export function useBostaFetch(next: typeof fetch): () => void {
  const before = bostaFetch;
  bostaFetch = next;
  return () => {
    bostaFetch = before;
  };
}

/** The display names of the companies (their own brand names, the same in both languages). */
export const COMPANY_NAMES: Record<CourierCompanyName, string> = { bosta: 'Bosta', sandbox: 'Sandbox courier' };

export function courierCompanies(db: ShopDb): Map<CourierCompanyName, CourierCompany> {
  const config = serverConfig();
  const companies = new Map<CourierCompanyName, CourierCompany>();
  if (config.bosta)
    companies.set(
      'bosta',
      bostaCompany({ ...config.bosta, webhookUrl: `${config.publicOrigin}/api/couriers/bosta/webhook` }, bostaFetch),
    );
  if (config.sandboxCourier) companies.set('sandbox', sandboxCompany(db));
  return companies;
}

/** The company by name, or 404 when it is not configured here. */
export function courierCompany(db: ShopDb, name: string): CourierCompany {
  const company = courierCompanies(db).get(name as CourierCompanyName);
  if (!company) throw new Problem(404, 'couriers.companyNotFound');
  return company;
}
