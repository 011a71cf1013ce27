import { egyptianMobile } from '#lib/phone.ts';
import { fieldProblem, Problem, type FieldProblem } from '../../problem.ts';
import { isCommonPassword } from '../../auth/passwords.ts';
import type { ShopDb } from '../../db/index.ts';
import type { UserRow } from '../../db/schema.ts';

/** What the API shows of a shopper (never the hash). */
export interface PublicUser {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
  email: string;
  phone: string;
  avatar: string | null;
}

export const avatarUrl = (stored: string | null): string | null => (stored ? `/api/avatars/${stored}` : null);

export const publicUser = (u: UserRow): PublicUser => ({
  id: u.id,
  first_name: u.first_name,
  last_name: u.last_name,
  name: `${u.first_name} ${u.last_name}`,
  email: u.email,
  phone: u.phone,
  avatar: avatarUrl(u.avatar),
});

/** E.164 or a 422 on the given field. */
export function phoneOrFail(raw: string, field = 'phone'): string {
  const phone = egyptianMobile(raw);
  if (!phone) throw fieldProblem(422, 'account.badPhone', field);
  return phone;
}

/** Confirmation and the common-password list (length is checked by the schema). */
export function checkNewPassword(password: string, confirmation: string | undefined): void {
  if (password !== confirmation) throw fieldProblem(422, 'account.passwordMismatch', 'password_confirmation');
  if (isCommonPassword(password)) throw fieldProblem(422, 'account.commonPassword', 'password');
}

export const findUser = (db: ShopDb, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function userOrFail(db: ShopDb, id: number): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user) throw new Problem(401, 'api.unauthenticated');
  return user;
}

/** 422 when a verified account other than `exceptId` already uses the e-mail or the phone. */
export async function assertUnique(
  db: ShopDb,
  { email, phone }: { email?: string | undefined; phone?: string | undefined },
  exceptId?: number,
) {
  const fields: Record<string, FieldProblem[]> = {};
  if (email) {
    const other = await db.selectFrom('users').select(['id', 'phone_verified_at']).where('email', '=', email).executeTakeFirst();
    if (other && other.id !== exceptId && other.phone_verified_at) fields['email'] = ['account.emailTaken'];
  }
  if (phone) {
    const other = await db.selectFrom('users').select(['id', 'phone_verified_at']).where('phone', '=', phone).executeTakeFirst();
    if (other && other.id !== exceptId && other.phone_verified_at) fields['phone'] = ['account.phoneTaken'];
  }
  const first = Object.values(fields)[0]?.[0];
  if (first) throw new Problem(422, typeof first === 'string' ? first : first.code, { fields });
}

/**
 * Two requests racing for the same e-mail or number both pass assertUnique; the database's unique index stops
 * the second. That is the shopper's conflict, not a server error: a 422 on the field.
 */
export function rethrowUniqueViolation(error: unknown): never {
  const text = error instanceof Error ? error.message : '';
  if (/unique|duplicate key/i.test(text)) {
    const field = /phone/i.test(text) ? 'phone' : 'email';
    throw fieldProblem(422, field === 'phone' ? 'account.phoneTaken' : 'account.emailTaken', field);
  }
  throw error;
}
