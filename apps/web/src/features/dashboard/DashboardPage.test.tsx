import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CalendarMonth, ClassWork, DashboardHome, StudentFees } from '@shala/contract';
import { prefetchLanding } from '../../api/dashboard';
import { PROFILE_FIXTURE, childFixture } from '../../test/fixtures';
import { json, mockFetch, renderApp, signIn, testQueryClient } from '../../test/utils';

const SESSION = { sessionId: 'e1e1e1e1-0000-4000-8000-000000000001', sessionYear: '2025-26', startDate: '2025-04-01', endDate: '2026-03-31', isCurrent: true };
/** The server's clock on the answers (a Wednesday of the session): the calendars open on its month. */
const NOW = '2025-11-26T04:30:00Z';
const FIVE_A = 'c0000000-0000-4000-8000-000000000001';
const AARAV = childFixture(1, 'Aarav');

const profile = (roleId: number, firstName: string) => ({ ...PROFILE_FIXTURE, roleId, firstName, fullName: `${firstName} Verma` });
const NOTE = { id: 'a1a1a1a1-0000-4000-8000-000000000001', senderId: null, fullName: 'Priya Sharma', message: 'Sports day', params: {}, timestamp: '2025-11-26T03:00:00.000Z', read: false, kind: 'notice' as const, link: '/dashboard' };
const counts = { present: 0, absent: 0, late: 0, leave: 0, marked: 0, percent: null };
const board = {
  items: [
    {
      noticeId: 'b1b1b1b1-0000-4000-8000-000000000001',
      title: 'Sports day on Friday',
      description: 'Wear the house colours.',
      date: '2025-11-26',
      roles: [113, 115],
      status: true,
      authorName: 'Priya Sharma',
      createdAt: '2025-11-26T03:00:00.000Z',
      updatedAt: '2025-11-26T03:00:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 5,
};
/** November 2025 (30 days, Sundays off), with a student's marks when given. */
function november(status: CalendarMonth['days'][number]['status'] = null): CalendarMonth {
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = `2025-11-${String(i + 1).padStart(2, '0')}`;
    const sunday = new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
    return { date, kind: sunday ? ('weekly_off' as const) : date > '2025-11-26' ? ('future' as const) : ('school' as const), holidayTitle: null, status: date === '2025-11-26' ? status : null };
  });
  return { month: '2025-11', today: '2025-11-26', days, counts: status ? { ...counts, [status]: 1, marked: 1, percent: 100 } : null, holidays: [] };
}
const base = (roleId: number, firstName: string) => ({
  profile: profile(roleId, firstName),
  notifications: { items: [NOTE], total: 1, page: 1, pageSize: 20, unread: 1 },
  sessions: [SESSION],
  sessionId: SESSION.sessionId,
  board,
});
const work: ClassWork = {
  workId: 'd1d1d1d1-0000-4000-8000-000000000001',
  assignClassId: FIVE_A,
  className: '5',
  section: 'A',
  subjectId: 'd2d2d2d2-0000-4000-8000-000000000001',
  subjectName: 'Mathematics',
  teacherId: 'd3d3d3d3-0000-4000-8000-000000000001',
  teacherName: 'Ravi Kumar',
  title: 'Fractions worksheet',
  description: null,
  date: '2025-11-25',
  dueDate: '2025-11-28',
  files: [],
  createdAt: '2025-11-25T05:00:00.000Z',
};
const fees: StudentFees = {
  student: { userId: AARAV.userId, fullName: 'Aarav Verma', loginId: AARAV.loginId },
  sessionId: SESSION.sessionId,
  today: '2025-11-26',
  payOptions: { online: null, upi: false },
  classFee: null,
  record: null,
  instalments: [],
  payments: [],
};

/** Signs in and opens the landing page as after the sign-in: the layout asks for the answer first (routes.tsx). */
function land(role: 113 | 115, path: string) {
  signIn(role);
  const client = testQueryClient();
  prefetchLanding(client, role);
  return renderApp(path, undefined, client);
}

/** The answer, with the server's clock; every other call of the page is listed by `calls`. */
function serve(answer: DashboardHome) {
  const fetch = mockFetch({
    'GET /api/dashboard/home': () => new Response(JSON.stringify({ result: answer }), { status: 200, headers: { 'Content-Type': 'application/json', Date: new Date(NOW).toUTCString() } }),
    'PUT /api/notifications/language': () => json(200, { result: { language: 'en' } }),
  });
  return { fetch, calls: () => fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`) };
}

describe('the dashboard', () => {
  // The cards' modules, which the page imports once its numbers are drawn, compiled before the
  // tests: on a busy machine their first compilation took longer than a find waits.
  beforeAll(async () => {
    await Promise.all([
      import('../../api/dashboard-cards'),
      import('./SchoolDayCards'),
      import('../notices/NoticeBoardCard'),
      import('../classwork/ClassWorkCard'),
      import('../fees/student/FeeDueCard'),
      import('../fees/reports/FeesDashboardCard'),
    ]);
  }, 60_000);
  // A new tab: no session picked in the header yet.
  beforeEach(() => sessionStorage.clear());

  it("shows the principal's counts, the bell, the notices, today's attendance, the calendar and the fees from its one answer", async () => {
    const { calls } = serve({
      kind: 'admin',
      ...base(113, 'Priya'),
      counts: { teachers: 6, students: 30, parents: 1, classes: 10, subjects: 8 },
      attendance: { date: '2025-11-26', dayKind: 'school', school: { ...counts, present: 27, absent: 3, marked: 30, percent: 90, classes: 10, classesMarked: 4, students: 30 }, classes: [], children: [] },
      calendar: november(),
      fees: { sessionId: SESSION.sessionId, records: 30, total: 9_000_000, paid: 4_500_000, balance: 4_500_000, overdue: 1_250_000, collectedToday: 250_000, today: '2025-11-26' },
    });
    land(113, '/schooladmin');
    const classes = await screen.findByTestId('count-classes');
    expect(classes).toHaveTextContent('10');
    expect(within(classes).getByText('in 2025-26')).toBeInTheDocument();
    expect(screen.getByTestId('count-subjects')).toHaveTextContent(/Subjects\s*8/);
    expect(await screen.findByRole('heading', { name: 'Welcome, Priya Verma' })).toBeInTheDocument();
    // The cards, from the same answer.
    expect(await within(await screen.findByTestId('notice-board')).findByText('Sports day on Friday')).toBeInTheDocument();
    expect(await screen.findByTestId('attendance-today')).toHaveTextContent('Classes marked: 4 of 10');
    expect(await screen.findByTestId('fee-card-today')).toHaveTextContent('₹2,500');
    expect(await screen.findByTestId('month-calendar')).toHaveTextContent('November 2025');
    expect(within(screen.getByTestId('notifications-bell')).getByText('1')).toBeInTheDocument();
    // One data call, with the header's session unknown yet (the answer says which it is of), and the language the bell tells.
    expect(calls()).toEqual(['GET /api/dashboard/home', 'PUT /api/notifications/language']);
  });

  it('asks for the session picked in the header, once', async () => {
    const next = { ...SESSION, sessionId: 'e1e1e1e1-0000-4000-8000-000000000002', sessionYear: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', isCurrent: false };
    sessionStorage.setItem('SessionId', next.sessionId);
    const { calls } = serve({
      kind: 'admin',
      ...base(113, 'Priya'),
      sessions: [next, SESSION],
      sessionId: next.sessionId,
      counts: { teachers: 6, students: 30, parents: 1, classes: 2, subjects: 8 },
      attendance: { date: '2025-11-26', dayKind: 'outside_session', school: null, classes: [], children: [] },
      calendar: null,
      fees: null,
    });
    land(113, '/schooladmin');
    const classes = await screen.findByTestId('count-classes');
    expect(classes).toHaveTextContent('2');
    expect(within(classes).getByText('in 2026-27')).toBeInTheDocument();
    expect(calls().filter((c) => c.startsWith('GET /api/dashboard'))).toEqual([`GET /api/dashboard/home?sessionId=${next.sessionId}`]);
  });

  it("shows a parent's children, their class work and fees from its one answer", async () => {
    const { calls } = serve({
      kind: 'parent',
      ...base(115, 'Meena'),
      children: { date: '2025-11-26', children: [{ studentId: AARAV.userId, fullName: 'Aarav Verma', className: '5', section: 'A', today: 'present', nextFee: null }], latestNotice: null },
      myChildren: [AARAV],
      attendance: { date: '2025-11-26', dayKind: 'school', school: null, classes: [], children: [{ studentId: AARAV.userId, fullName: 'Aarav Verma', month: '2025-11', counts: { ...counts, present: 1, marked: 1, percent: 100 } }] },
      calendars: [{ studentId: AARAV.userId, month: november('present') }],
      students: [
        {
          studentId: AARAV.userId,
          studentClass: {
            student: { userId: AARAV.userId, fullName: 'Aarav Verma', loginId: AARAV.loginId },
            sessionId: SESSION.sessionId,
            class: {
              assignClassId: FIVE_A,
              sessionId: SESSION.sessionId,
              sessionYear: SESSION.sessionYear,
              masterClass: '5',
              className: '5',
              section: 'A',
              classLimit: 40,
              classTeacher: null,
              students: 30,
              teachers: 6,
              subjects: 6,
              status: 'complete',
              createdAt: '2025-04-01T00:00:00.000Z',
            },
            rollNo: 1,
            subjects: [],
          },
          classWork: { items: [work], total: 1, page: 1, pageSize: 3 },
          fees,
        },
      ],
    });
    land(115, '/parentdashboard');
    const card = await screen.findByTestId('child-card');
    expect(card).toHaveTextContent('Aarav Verma');
    expect(card).toHaveTextContent('Class 5 - A');
    expect(await screen.findByTestId('class-work-latest')).toHaveTextContent('Mathematics: Fractions worksheet');
    expect(await screen.findByTestId('fee-due')).toHaveTextContent('No fee record for this session yet');
    expect(await screen.findByTestId('month-calendar')).toHaveTextContent('November 2025');
    expect(await within(await screen.findByTestId('notice-board')).findByText('Sports day on Friday')).toBeInTheDocument();
    expect(calls()).toEqual(['GET /api/dashboard/home', 'PUT /api/notifications/language']);
  });
});
