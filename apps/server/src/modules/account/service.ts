import { eq } from 'drizzle-orm';
import type { Profile, SelfProfileFields } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { schools, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { columnsOf } from '../people/service.js';
import { fullName } from '../users/service.js';
import { scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { attachFile, replaceFile } from '../files/service.js';
import { now } from '../../clock.js';
import { dutiesOf } from '../staff/index.js';

/** A profile the caller may read: for now its own, with its duties (issue 42); anyone else's answers 404. */
export async function getProfile(deps: Deps, caller: Caller, userId: string): Promise<Profile> {
  if (userId !== caller.userId) throw notFound('User');
  const [row] = await tenantDb(deps, scopeOf(caller))
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
      duties: dutiesOf(users.id, users.schoolId),
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return { ...row, fullName: fullName(row), schoolName: row.schoolName ?? null };
}

/**
 * Edits the caller's own contact fields and photo; the contract refuses any other field, and
 * only these are taken here too (names and the rest of the record are the school's).
 */
export async function updateProfile(deps: Deps, caller: Caller, userId: string, body: SelfProfileFields): Promise<Profile> {
  if (userId !== caller.userId) throw notFound('User');
  const { email, contact, address, image } = body;
  const set = columnsOf({ email, contact, address, image });
  if (Object.keys(set).length) {
    try {
      await inTenant(deps, scopeOf(caller), async (tx) => {
        const [before] = await tx.select({ image: users.image }).from(users).where(eq(users.id, userId));
        await tx.update(users).set({ ...set, updatedAt: now() }).where(eq(users.id, userId));
        await attachFile(tx, image, { schoolId: caller.schoolId, callerId: caller.userId });
        await replaceFile(tx, before?.image, image);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Another account of your school and role uses this email.', { reason: 'email_taken', field: 'email' });
      throw err;
    }
  }
  return getProfile(deps, caller, userId);
}
