import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { StaffRole } from '../../src/core/permissions/permissions.ts';
import { inviteStaff } from '../../src/desk/staff/server/staff-accounts.ts';
import { currentCode } from '../../src/core/second-factor/server/totp.ts';
import type { Database } from '../../src/server/db/schema.ts';

let counter = 0;
export const STAFF_PASSWORD = 'kettle-grinder-42';

/** The `name=value` of the staff cookie a response set (for the next request's Cookie header). */
export function staffCookieFrom(res: Response): string {
  const raw = res.headers.get('set-cookie') ?? '';
  // In production the cookie carries the __Host- prefix (served over https only).
  const match = /(?:^|[\s,])((?:__Host-)?bb_staff)=([^;]*)/.exec(raw);
  if (!match) throw new Error(`no staff cookie in: ${raw}`);
  return `${match[1]}=${match[2]}`;
}

type AnyApi = Hono<any, any, any>;
const jsonInit = (method: string, body: unknown, cookie?: string): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

/**
 * A staff member signed in the real way: invited, invitation accepted with a password, second factor enrolled with a
 * code from the secret the API handed out. Returns the cookie header of their verified session and their secret.
 */
export async function makeStaff(db: Kysely<Database>, api: AnyApi, role: StaffRole, email?: string) {
  counter += 1;
  const address = email ?? `${role}${counter}-${Date.now() % 100000}@staff.test`;
  const { staffId, token } = await inviteStaff(db, { email: address, name: `${role} ${counter}`, role }, null);
  const from = { clientAddress: `203.0.113.${counter % 250}` };
  const accepted = await api.request(
    '/api/admin/auth/accept-invite',
    jsonInit('POST', { token, password: STAFF_PASSWORD }),
    from,
  );
  if (accepted.status !== 200) throw new Error(`accept-invite: ${accepted.status} ${await accepted.text()}`);
  const cookie = staffCookieFrom(accepted);
  const enrol = await api.request('/api/admin/auth/enrol', { headers: { cookie } }, from);
  const { data } = (await enrol.json()) as { data: { secret: string } };
  const confirmed = await api.request(
    '/api/admin/auth/enrol',
    jsonInit('POST', { code: currentCode(data.secret) }, cookie),
    from,
  );
  if (confirmed.status !== 200) throw new Error(`enrol: ${confirmed.status} ${await confirmed.text()}`);
  const { data: codes } = (await confirmed.json()) as { data: { recovery_codes: string[] } };
  // The enrolment signed the member in with a new token: the one from accepting the invitation is spent.
  const signedIn = confirmed.headers.get('set-cookie') ? staffCookieFrom(confirmed) : cookie;
  return {
    id: staffId,
    email: address,
    cookie: signedIn,
    secret: data.secret,
    recoveryCodes: codes.recovery_codes,
    headers: { cookie: signedIn },
  };
}

export { jsonInit };
