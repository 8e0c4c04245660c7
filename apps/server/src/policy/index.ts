import { ROLE, type Role } from '@shala/contract';
import type { Caller } from '../context.js';
import { PLATFORM, type Scope } from '../db/client.js';
import { AppError, forbidden, notFound, unauthenticated } from '../errors.js';

/**
 * Who may do what. Every route declares its roles in the contract's API table; this file is
 * where a request is checked against them, and where the school a caller acts in is decided
 * (`scopeOf`); db/scope.ts binds the database to that scope.
 */
export function allows(roles: 'public' | readonly Role[], role: Role | null): boolean {
  return roles === 'public' || (role !== null && roles.includes(role));
}

export function assertAllowed(roles: 'public' | readonly Role[], caller: Caller | null): void {
  if (roles === 'public') return;
  if (!caller) throw unauthenticated();
  if (!allows(roles, caller.roleId)) throw forbidden();
}

/** The signed-in caller of a request, or 401 (auth/sessions.ts). */
export { requireCaller } from '../auth/sessions.js';

/** The caller's own school, from the session; an account without one cannot do school work. */
export function schoolOf(caller: Caller): string {
  if (!caller.schoolId) throw new AppError('BAD_REQUEST', 'This account does not belong to a school.', { reason: 'no_school' });
  return caller.schoolId;
}

/**
 * The tenant scope a request acts in. Everyone acts on its own school, from the session; a school
 * id from the request that is not the caller's answers 404 (its existence is not disclosed). The
 * platform owner (111) acts on the school it names, or across schools when it names none.
 */
export function scopeOf(caller: Caller, schoolId?: string | null): Scope {
  if (caller.roleId === ROLE.OWNER) return schoolId ?? PLATFORM;
  const own = schoolOf(caller);
  if (schoolId && schoolId !== own) throw notFound();
  return own;
}
