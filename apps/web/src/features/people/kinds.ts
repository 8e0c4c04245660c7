import { API, type ApiName, type ImportKind } from '@shala/contract';
import type { PeopleKindKey } from '../../api/people';

export type FormShape = 'person' | 'student' | 'parent';

export interface KindConfig {
  kind: PeopleKindKey;
  form: FormShape;
  listPath: string;
  /** Add screen; system admins are added from a school (/addadmin/:schoolId). */
  addPath: string | null;
  detailPath: (userId: string) => string;
  editPath: ((userId: string) => string) | null;
  importKind: ImportKind | null;
  exportKind: 'teachers' | 'students' | 'parents' | 'principals' | null;
  /** The contract's routes of this kind: who may do what comes from their role lists. */
  api: Record<PersonAction, ApiName>;
}

export type PersonAction = 'list' | 'get' | 'create' | 'update' | 'status';

const apiOf = (prefix: string, create = `${prefix}Create`) =>
  ({ list: `${prefix}List`, get: `${prefix}Get`, create, update: `${prefix}Update`, status: `${prefix}Status` }) as Record<PersonAction, ApiName>;

/**
 * A kind of person a school keeps: its list, add, details and edit screens (the last two with the
 * person's id after them), exported under its own name and imported too (all but principals).
 */
function schoolKind(kind: 'principals' | ImportKind, prefix: string, form: FormShape, [list, add, detail, edit]: [string, string, string, string]): KindConfig {
  return {
    kind,
    api: apiOf(prefix),
    form,
    listPath: list,
    addPath: add,
    detailPath: (id) => `${detail}/${id}`,
    editPath: (id) => `${edit}/${id}`,
    importKind: kind === 'principals' ? null : kind,
    exportKind: kind,
  };
}

export const KINDS: Record<PeopleKindKey, KindConfig> = {
  systemAdmins: {
    kind: 'systemAdmins',
    api: apiOf('admin', 'schoolAdminCreate'),
    form: 'person',
    listPath: '/viewadmin',
    addPath: null,
    detailPath: (id) => `/detailsAdmin/${id}`,
    editPath: null,
    importKind: null,
    exportKind: null,
  },
  principals: schoolKind('principals', 'principal', 'person', ['/viewadminschool', '/addadminschool', '/viewSchooladmindetails', '/editadmindetails']),
  teachers: schoolKind('teachers', 'teacher', 'person', ['/viewteachers', '/addteacher', '/detailsTeacher', '/editteacher']),
  students: schoolKind('students', 'student', 'student', ['/viewstudent', '/addstudents', '/viewstudentdetail', '/editstudent']),
  parents: schoolKind('parents', 'parent', 'parent', ['/viewparents', '/addParent', '/DetailsParent', '/editparent']),
};

/** May this role do this to this kind of person? Read from the contract's API table. */
export function canDo(kind: PeopleKindKey, action: PersonAction, role: number | null | undefined): boolean {
  const roles = API[KINDS[kind].api[action]].roles;
  return role != null && roles !== 'public' && (roles as readonly number[]).includes(role);
}
