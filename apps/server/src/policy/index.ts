import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@shala/contract';
import type { Caller } from '../context.js';
import type { Db, Tx } from '../db/client.js';
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

/**
 * A row of another school answers 404, never 403: its existence is not disclosed.
 * The platform owner (111) may act on any school.
 */
export function assertSameSchool(caller: Caller, rowSchoolId: string | null | undefined, what?: string): void {
  if (caller.roleId === 111) return;
  if (!rowSchoolId || rowSchoolId !== caller.schoolId) throw notFound(what);
}

/** The school a school-scoped request acts on: the caller's own, from the session. */
export function schoolOf(caller: Caller): string {
  if (!caller.schoolId) throw new AppError('BAD_REQUEST', 'This account does not belong to a school.', { reason: 'no_school' });
  return caller.schoolId;
}

/**
 * Runs fn in a transaction bound to the caller's school: `app.school_id` is set for the
 * transaction, so row-level security policies can be added in this one place as a second wall.
 */
export function inTenant<T>(db: Db, caller: Caller, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.school_id', ${caller.schoolId ?? ''}, true)`);
    return fn(tx);
  });
}
