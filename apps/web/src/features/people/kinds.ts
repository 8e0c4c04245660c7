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
  principals: {
    kind: 'principals',
    api: apiOf('principal'),
    form: 'person',
    listPath: '/viewadminschool',
    addPath: '/addadminschool',
    detailPath: (id) => `/viewSchooladmindetails/${id}`,
    editPath: (id) => `/editadmindetails/${id}`,
    importKind: null,
    exportKind: 'principals',
  },
  teachers: {
    kind: 'teachers',
    api: apiOf('teacher'),
    form: 'person',
    listPath: '/viewteachers',
    addPath: '/addteacher',
    detailPath: (id) => `/detailsTeacher/${id}`,
    editPath: (id) => `/editteacher/${id}`,
    importKind: 'teachers',
    exportKind: 'teachers',
  },
  students: {
    kind: 'students',
    api: apiOf('student'),
    form: 'student',
    listPath: '/viewstudent',
    addPath: '/addstudents',
    detailPath: (id) => `/viewstudentdetail/${id}`,
    editPath: (id) => `/editstudent/${id}`,
    importKind: 'students',
    exportKind: 'students',
  },
  parents: {
    kind: 'parents',
    api: apiOf('parent'),
    form: 'parent',
    listPath: '/viewparents',
    addPath: '/addParent',
    detailPath: (id) => `/DetailsParent/${id}`,
    editPath: (id) => `/editparent/${id}`,
    importKind: 'parents',
    exportKind: 'parents',
  },
};

/** May this role do this to this kind of person? Read from the contract's API table. */
export function canDo(kind: PeopleKindKey, action: PersonAction, role: number | null | undefined): boolean {
  const roles = API[KINDS[kind].api[action]].roles;
  return role != null && roles !== 'public' && (roles as readonly number[]).includes(role);
}
