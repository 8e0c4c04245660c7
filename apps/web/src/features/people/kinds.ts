import type { ImportKind } from '@shala/contract';
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
}

export const KINDS: Record<PeopleKindKey, KindConfig> = {
  systemAdmins: {
    kind: 'systemAdmins',
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
    form: 'parent',
    listPath: '/viewparents',
    addPath: '/addParent',
    detailPath: (id) => `/DetailsParent/${id}`,
    editPath: (id) => `/editparent/${id}`,
    importKind: 'parents',
    exportKind: 'parents',
  },
};
