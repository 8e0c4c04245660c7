import { ROLE, type CountKey, type DashboardHomeKind, type Role } from '@shala/contract';
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

  /**
   * Which landing page the caller's one answer (`GET /api/dashboard/home`) fills: the platform
   * owner's counts; the admins' (system admin, principal), with the fees at a glance; a teacher's;
   * a parent's children; a student's own. Each part is then what its own route shows the caller.
   */
  homeFor(caller: Caller): DashboardHomeKind {
    switch (caller.roleId) {
      case ROLE.OWNER:
        return 'platform';
      case ROLE.SYSTEM_ADMIN:
      case ROLE.PRINCIPAL:
        return 'admin';
      case ROLE.TEACHER:
        return 'teacher';
      case ROLE.PARENT:
        return 'parent';
      case ROLE.STUDENT:
        return 'student';
    }
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
