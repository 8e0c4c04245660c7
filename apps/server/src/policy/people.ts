import { and, eq, inArray } from 'drizzle-orm';
import { KIND_ROLE, PEOPLE_API, type PeopleKind } from '@shala/contract';
import type { Caller } from '../context.js';
import { PLATFORM, type DbOrTx, type Scope } from '../db/client.js';
import { users } from '../db/schema.js';
import { allows } from './index.js';

/**
 * Who may do what with people, in one place: the pattern every resource's policy follows.
 * - `can`: may the caller manage this kind at all (the contract's list route names the roles);
 * - the tenant scope comes from the shared `scopeOf` (row-level security holds it in the database);
 * - `accessible`: of a batch of ids, the ones the caller may act on, in one query (Immich's
 *   bulk access check), so a bulk action never checks row by row.
 */
export const peoplePolicy = {
  can(caller: Caller, kind: PeopleKind): boolean {
    return allows(PEOPLE_API[kind].list.roles, caller.roleId);
  },

  async accessible(db: DbOrTx, scope: Scope, kind: PeopleKind, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, [...new Set(ids)]),
          eq(users.roleId, KIND_ROLE[kind]),
          scope === PLATFORM ? undefined : eq(users.schoolId, scope),
        ),
      );
    return new Set(rows.map((r) => r.id));
  },
};
