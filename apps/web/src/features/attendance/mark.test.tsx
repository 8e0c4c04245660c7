import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttendanceDay, AttendanceLog, TeacherClass } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, pageOf, renderApp, signIn } from '../../test/utils';
import { changedCount, countMarks, effectiveMarks, initialDate, matchesStudent, refusalReason } from './markLogic';

const SESSION = { sessionId: 'a0000000-0000-4000-8000-000000000001', sessionYear: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', isCurrent: true };
const CLASS_ID = 'c0000000-0000-4000-8000-000000000001';
const DATE = '2026-11-21';
const RAVI = { userId: 'd0000000-0000-4000-8000-000000000001', fullName: 'Ravi Kumar', loginId: 'DEMO-T0001' };
const CLASS_REF = { assignClassId: CLASS_ID, masterClass: '5', className: '5', section: 'A' };
const kid = (i: number, name: string, rollNo: number | null) => ({
  studentId: `e0000000-0000-4000-8000-00000000000${i}`,
  loginId: `DEMO-S000${i}`,
  fullName: name,
  rollNo,
  image: null,
  status: 'present' as const,
  leave: null as AttendanceDay['students'][number]['leave'],
});
// Chitra is away on school duty (an approved leave request): present, with a badge.
const KIDS = [kid(1, 'Asha Verma', 1), kid(2, 'Bilal Khan', 2), { ...kid(3, 'Chitra Iyer', null), leave: { leaveId: 'f0000000-0000-4000-8000-000000000009', reason: 'school_duty' as const } }];

function day(over: Partial<AttendanceDay> = {}): AttendanceDay {
  return {
    class: CLASS_REF,
    date: DATE,
    period: null,
    final: false,
    canMark: true,
    dayKind: 'school',
    holidayTitle: null,
    markedBy: null,
    markedAt: null,
    students: KIDS,
    counts: { present: 3, absent: 0, late: 0, leave: 0, marked: 3, percent: 100 },
    ...over,
  };
}
const TEACHER_CLASS: TeacherClass = { ...CLASS_REF, isClassTeacher: true, subjects: [], students: 3 };

const MOCKS = {
  ...HEADER_MOCKS,
  'GET /api/school/session': () => json(200, { result: [SESSION] }),
  'GET /api/school/assignclassteachersubject': () => json(200, { result: [TEACHER_CLASS] }),
  [`GET /api/school/period/${SESSION.sessionId}`]: () => json(200, { result: [] }),
};

describe('marking logic', () => {
  it('shows the saved marks with the teacher’s changes, counts them and says why a day is refused', () => {
    const d = day({ students: [KIDS[0]!, { ...KIDS[1]!, status: 'late' }] });
    const changes = { [KIDS[0]!.studentId]: 'absent' as const, [KIDS[1]!.studentId]: 'late' as const };
    expect(effectiveMarks(d, changes)).toEqual({ [KIDS[0]!.studentId]: 'absent', [KIDS[1]!.studentId]: 'late' });
    expect(changedCount(d, changes)).toBe(1);
    expect(countMarks(['present', 'absent', 'late', 'late'])).toEqual({ present: 1, absent: 1, late: 2, leave: 0, marked: 4, percent: 75 });
    expect(refusalReason(day({ canMark: false, dayKind: 'holiday' }))).toBe('attendance_holiday');
    expect(refusalReason(day({ canMark: false }))).toBe('not_class_teacher');
    expect(refusalReason(day())).toBeNull();
    expect(matchesStudent(KIDS[1]!, '2')).toBe(true);
    expect(matchesStudent(KIDS[1]!, 'khan')).toBe(true);
    expect(matchesStudent(KIDS[1]!, 'asha')).toBe(false);
  });

  it('opens on today inside the session, or the session’s last day when it is over', () => {
    expect(initialDate(null, SESSION, '2026-11-22')).toBe('2026-11-22');
    expect(initialDate(null, SESSION, '2027-06-01')).toBe('2027-03-31');
    expect(initialDate('2026-10-01', SESSION, '2026-11-22')).toBe('2026-10-01');
  });
});

describe('/attendance', () => {
  it('opens with everyone present, one tap marks absent, and saves the whole class once', async () => {
    let saved: unknown;
    const fetch = mockFetch({
      ...MOCKS,
      [`GET /api/school/attendance/${CLASS_ID}/${DATE}`]: () => json(200, { result: day() }),
      [`POST /api/school/attendance/${CLASS_ID}/${SESSION.sessionId}`]: (_url, init) => {
        saved = JSON.parse(String(init.body));
        return json(200, { result: day({ final: true, markedBy: RAVI, markedAt: '2026-11-21T04:30:00.000Z', students: [{ ...KIDS[0]!, status: 'absent' }, KIDS[1]!, KIDS[2]!] }) });
      },
    });
    signIn(114);
    const user = userEvent.setup();
    renderApp(`/attendance?class=${CLASS_ID}&date=${DATE}`);
    const list = await screen.findByRole('list', { name: 'Students of Class 5 – A' });
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('data-status'))).toEqual(['present', 'present', 'present']);
    expect(screen.getByText('3 present · 0 absent · 0 late · 0 on leave')).toBeInTheDocument();

    expect(within(within(list).getByRole('listitem', { name: 'Chitra Iyer' })).getByTestId('leave-badge')).toHaveTextContent('School duty');
    expect(within(list).getAllByTestId('leave-badge')).toHaveLength(1);
    const asha = within(list).getByRole('listitem', { name: 'Asha Verma' });
    await user.click(within(asha).getByRole('radio', { name: 'Absent' }));
    expect(screen.getByText('2 present · 1 absent · 0 late · 0 on leave')).toBeInTheDocument();
    expect(screen.getByText('1 change not saved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toEqual({ date: DATE, periodId: null, marks: KIDS.map((k, i) => ({ studentId: k.studentId, status: i === 0 ? 'absent' : 'present' })) });
    expect(await screen.findByText(/Saved by Ravi Kumar/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save attendance' })).toBeDisabled();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('on a holiday shows why instead of the Save button', async () => {
    mockFetch({ ...MOCKS, [`GET /api/school/attendance/${CLASS_ID}/${DATE}`]: () => json(200, { result: day({ canMark: false, dayKind: 'holiday', holidayTitle: 'Diwali' }) }) });
    signIn(114);
    renderApp(`/attendance?class=${CLASS_ID}&date=${DATE}`);
    expect(await screen.findByText('This day is a holiday (Diwali): attendance is not marked.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save attendance' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Absent' })).toBeNull();
  });
});

describe('/attendancelogs', () => {
  it('lists who changed what, and shows the changes on demand', async () => {
    const log: AttendanceLog = {
      logId: 'f0000000-0000-4000-8000-000000000001',
      user: RAVI,
      createdAt: '2026-11-21T04:30:00.000Z',
      updatedAt: '2026-11-21T04:30:00.000Z',
      class: CLASS_REF,
      date: DATE,
      period: { periodId: 'f0000000-0000-4000-8000-000000000003', name: '3' },
      type: 'daywise',
      details: { action: 'changed', counts: { present: 2, absent: 1, late: 0, leave: 0, marked: 3, percent: 66.7 }, changes: [{ studentId: KIDS[0]!.studentId, fullName: 'Asha Verma', from: 'present', to: 'absent' }] },
    };
    const fetch = mockFetch({ ...MOCKS, 'GET /api/school/attendence/logs': () => json(200, pageOf([log])), [`GET /api/school/getallassignclass/${SESSION.sessionId}`]: () => json(200, pageOf([])) });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/attendancelogs');
    const logs = await screen.findByRole('list', { name: 'Attendance logs' });
    const item = within(logs).getAllByRole('listitem')[0]!;
    expect(within(item).getByText(/Changed by Ravi Kumar/)).toBeInTheDocument();
    // A period named by number reads "Period 3".
    expect(item).toHaveTextContent('· Period 3');
    // The filters' labels look alike: "Attendance type" is the same label as "Class".
    expect(screen.getByText('Attendance type')).toHaveClass('mantine-InputWrapper-label');
    expect(screen.getByText('Class', { selector: 'label' })).toHaveClass('mantine-InputWrapper-label');
    await user.click(within(item).getByRole('button', { name: '1 change' }));
    expect(within(item).getByText('Asha Verma', { exact: false }).closest('li')).toHaveTextContent('Asha Verma: Present → Absent');
    await user.click(screen.getByRole('radio', { name: 'Periodwise' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('type=periodwise'))).toBe(true));
  });
});
