import { ROLE, type CountKey, type Role } from '@shala/contract';
import type { Caller } from '../context.js';

/** Which counts each role's dashboard shows (spec section 1: "as relevant to the role"). */
export const COUNTS_BY_ROLE: Record<Role, readonly CountKey[]> = {
  [ROLE.OWNER]: ['schools', 'systemAdmins', 'admins', 'teachers', 'students', 'parents'],
  [ROLE.SYSTEM_ADMIN]: ['admins', 'teachers', 'students', 'parents', 'classes', 'subjects'],
  [ROLE.PRINCIPAL]: ['teachers', 'students', 'parents', 'classes', 'subjects'],
  // A teacher sees its own classes (class teacher or subject teacher) and their students, not the school's.
  [ROLE.TEACHER]: ['classes', 'students'],
  [ROLE.PARENT]: ['students'],
  [ROLE.STUDENT]: ['teachers', 'classes'],
};

/**
 * Whose figures a dashboard counts: the school's (or, for the platform owner, every school's),
 * a teacher's own classes and their students, a parent's own children.
 */
export type DashboardKind = 'school' | 'teacher' | 'parent';

/**
 * What each dashboard shows (the routes' roles are the contract's): the counts of `COUNTS_BY_ROLE`,
 * counted over what the caller may see (`kindFor`); the parent's dashboard shows its own
 * active children only (the parent link, in its statement).
 */
export const dashboardPolicy = {
  /** The counts the caller's dashboard shows. */
  countsFor(caller: Caller): readonly CountKey[] {
    return COUNTS_BY_ROLE[caller.roleId];
  },

  /** Whose classes and students the caller's counts are. */
  kindFor(caller: Caller): DashboardKind {
    switch (caller.roleId) {
      case ROLE.TEACHER:
        return 'teacher';
      case ROLE.PARENT:
        return 'parent';
      default:
        return 'school';
    }
  },
};
