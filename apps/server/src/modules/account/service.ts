import { eq } from 'drizzle-orm';
import type { Profile } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { schools, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { columnsOf, type PersonInput } from '../people/service.js';
import { fullName } from '../users/service.js';

/** A profile the caller may read: for now its own; anyone else's answers 404. */
export async function getProfile(deps: Deps, caller: Caller, userId: string): Promise<Profile> {
  if (userId !== caller.userId) throw notFound('User');
  const [row] = await deps.db
    .select({
      userId: users.id,
      loginId: users.loginId,
      roleId: users.roleId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      contact: users.contact,
      address: users.address,
      image: users.image,
      status: users.status,
      schoolId: users.schoolId,
      schoolName: schools.name,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return { ...row, fullName: fullName(row), schoolName: row.schoolName ?? null };
}

/** Edits the caller's own profile fields (names, contact, address, image…); not role or status. */
export async function updateProfile(deps: Deps, caller: Caller, userId: string, body: PersonInput): Promise<Profile> {
  if (userId !== caller.userId) throw notFound('User');
  const set = columnsOf(body);
  if (Object.keys(set).length) {
    try {
      await deps.db.update(users).set({ ...set, updatedAt: new Date() }).where(eq(users.id, userId));
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Another account of your school and role uses this email.', { reason: 'email_taken', field: 'email' });
      throw err;
    }
  }
  return getProfile(deps, caller, userId);
}
