import type { FastifyRequest } from 'fastify';
import { ROLE, type Role } from '@shala/contract';
import type { Caller, Deps } from '../context.js';
import { PLATFORM, type Db, type Scope, type Tx } from '../db/client.js';
import { AppError, forbidden, notFound, unauthenticated } from '../errors.js';

/**
 * Who may do what. Every route declares its roles in the contract's API table; this file is
 * where a request is checked against them and where tenant scoping lives.
 */
export function allows(roles: 'public' | readonly Role[], role: Role | null): boolean {
  return roles === 'public' || (role !== null && roles.includes(role));
}

export function assertAllowed(roles: 'public' | readonly Role[], caller: Caller | null): void {
  if (roles === 'public') return;
  if (!caller) throw unauthenticated();
  if (!allows(roles, caller.roleId)) throw forbidden();
}

export function requireCaller(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthenticated();
  return req.caller;
}

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

/**
 * A database handle bound to a scope: row-level security shows each statement only that
 * school's rows (PLATFORM: every school's), so a query that forgets its school filter still
 * cannot read or write another school's data.
 */
export function tenantDb(deps: Pick<Deps, 'data'>, scope: Scope): Db {
  return deps.data.scoped(scope);
}

/** Runs fn in one transaction bound to a scope. */
export function inTenant<T>(deps: Pick<Deps, 'data'>, scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return deps.data.transaction(scope, fn);
}

/**
 * The one explicit cross-school path: sign-in and sessions (the school is not known until the
 * account is found), the platform owner's school management, seeding. Grep for it.
 */
export function asPlatform(deps: Pick<Deps, 'data'>): Db {
  return deps.data.scoped(PLATFORM);
}
