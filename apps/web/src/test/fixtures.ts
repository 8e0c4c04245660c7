import type { ClassSummary, DashboardHome, Exam, StaffDuty } from '@shala/contract';

/** The current session (2026-27) the academics and exams screens ask for first. */
export const SESSION_FIXTURE = {
  sessionId: '11111111-1111-4111-8111-111111111111',
  sessionYear: '2026-27',
  startDate: '2026-04-01',
  endDate: '2027-03-31',
  isCurrent: true,
};

/** A draft exam of the first term with no marks yet; override what a test is about. */
export function examFixture(over: Partial<Exam> = {}): Exam {
  return {
    examId: 'f0000000-0000-4000-8000-000000000001',
    sessionId: SESSION_FIXTURE.sessionId,
    name: 'Periodic Test 1',
    weight: 10,
    maxMarks: 20,
    subjectMax: [],
    termStart: '2026-04-01',
    termEnd: '2026-06-30',
    status: 'draft',
    lockedAt: null,
    publishedAt: null,
    markCount: 0,
    ...over,
  };
}

/** Class 5-A of the current session, still empty; override what a test is about. */
export function classSummaryFixture(over: Partial<ClassSummary> = {}): ClassSummary {
  return {
    assignClassId: 'c0000000-0000-4000-8000-000000000001',
    sessionId: SESSION_FIXTURE.sessionId,
    sessionYear: SESSION_FIXTURE.sessionYear,
    masterClass: '5',
    className: '5',
    section: 'A',
    classLimit: 40,
    classTeacher: null,
    students: 0,
    teachers: 0,
    subjects: 0,
    status: 'pending',
    createdAt: '2026-04-01T00:00:00.000Z',
    ...over,
  };
}

/** One of the parent's children as GET /api/parent/children lists them: `n` makes the id (aaaaaaa1-…) and the login id (DEMO-S000n). */
export function childFixture(n: number, firstName: string) {
  return {
    userId: `aaaaaaa${n}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`,
    loginId: `DEMO-S000${n}`,
    roleId: 116,
    firstName,
    lastName: 'Verma',
    fullName: `${firstName} Verma`,
    email: null,
    contact: null,
    image: null,
    status: true,
    schoolId: '0d9c3a52-6e2b-4f0e-8d3c-1a2b3c4d5e6f',
    schoolName: 'Demo',
    parentId: null,
    parentName: null,
    createdAt: '2026-04-01T00:00:00.000Z',
  };
}

/** The head of a class's sheet for a draft exam (the marks grid's, the notes'): Periodic Test 1, Class 5 A. */
export function examSheetFixture(examId: string, assignClassId: string) {
  return { examId, examName: 'Periodic Test 1', status: 'draft' as const, assignClassId, className: 'Class 5', section: 'A' };
}

/** The signed-in user's profile (GET /api/account/:userId) for the user of `signIn`: a system admin. */
export const PROFILE_FIXTURE = {
  userId: '7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10',
  loginId: 'DEMO-A0001',
  roleId: 112,
  firstName: 'Asha',
  lastName: 'Verma',
  fullName: 'Asha Verma',
  email: 'asha@example.org',
  contact: null,
  address: '12 Station Road',
  image: null,
  status: true,
  schoolId: '0d9c3a52-6e2b-4f0e-8d3c-1a2b3c4d5e6f',
  schoolName: 'Demo Public School',
  duties: [] as StaffDuty[],
};

/**
 * The admins' landing page's one answer (GET /api/dashboard/home) for the user of `signIn`
 * (`PROFILE_FIXTURE`): no session, an empty bell and board, nobody marked today, no calendar
 * and no fees (their cards ask their own routes); override what a test is about.
 */
export function adminHomeFixture(over: Partial<Extract<DashboardHome, { kind: 'admin' }>> = {}): DashboardHome {
  return {
    kind: 'admin',
    profile: PROFILE_FIXTURE,
    notifications: { items: [], total: 0, page: 1, pageSize: 20, unread: 0 },
    sessions: [],
    sessionId: null,
    counts: {},
    board: { items: [], total: 0, page: 1, pageSize: 5 },
    attendance: { date: '2026-11-25', dayKind: 'outside_session', school: null, classes: [], children: [] },
    calendar: null,
    fees: null,
    ...over,
  };
}
