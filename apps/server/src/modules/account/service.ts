import { eq } from 'drizzle-orm';
import type { Profile } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { schools, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
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
