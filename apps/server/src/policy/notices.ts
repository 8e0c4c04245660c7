import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Placeholder } from 'drizzle-orm';
import { API } from '@shala/contract';
import type { Caller } from '../context.js';
import { notices } from '../db/schema.js';
import { allows } from './index.js';

/**
 * Who may see and change notices. The principal (113, the contract's routes) writes, lists, edits
 * and switches its school's notices; every school user reads on its board the active notices
 * addressed to its role, and no other. The school is the shared `scopeOf`'s (another school's
 * notice answers 404).
 */
export const noticesPolicy = {
  /** May the caller manage the school's notices (write, list, edit, switch)? */
  canManage(caller: Caller): boolean {
    return allows(API.noticeCreate.roles, caller.roleId);
  },

  /** The role whose board the caller reads: its own. */
  boardRole(caller: Caller): number {
    return caller.roleId;
  },

  /**
   * A condition on `notices`: on the board of `role` in `school` (active, addressed to the role).
   * `status` alone (not `status = true`), as the partial index `notices_board_idx` is written.
   */
  boardWhere(school: Placeholder | string, role: Placeholder | number): SQL {
    return and(eq(notices.schoolId, school), sql`${notices.status}`, sql`${role}::smallint = any(${notices.roles})`)!;
  },
};
