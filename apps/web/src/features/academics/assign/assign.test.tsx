import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassDetail, ClassSummary, StudentClassView, TeacherClass } from '@shala/contract';
import { classSummaryFixture } from '../../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, pageOf, personFixture, renderApp, signIn } from '../../../test/utils';
import { i18n } from '../../../i18n';
import { subjectChoices } from './AssignClassPage';

const SESSION = { sessionId: 'a0000000-0000-4000-8000-000000000001', sessionYear: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', isCurrent: true };
const CLASS_ID = 'c0000000-0000-4000-8000-000000000001';
const MATHS = { subjectId: 'b0000000-0000-4000-8000-000000000001', name: 'Mathematics', masterCode: 'MATH' };
const HINDI = { subjectId: 'b0000000-0000-4000-8000-000000000002', name: 'Hindi', masterCode: 'HIN' };
const CRAFT = { subjectId: 'b0000000-0000-4000-8000-000000000003', name: 'Craft', masterCode: null };
const RAVI = { userId: 'd0000000-0000-4000-8000-000000000001', fullName: 'Ravi Kumar', loginId: 'DEMO-T0001' };
const SITA = { userId: 'd0000000-0000-4000-8000-000000000002', fullName: 'Sita Rao', loginId: 'DEMO-T0002' };

function summary(over: Partial<ClassSummary> = {}): ClassSummary {
  return classSummaryFixture({ assignClassId: CLASS_ID, sessionId: SESSION.sessionId, classTeacher: RAVI, students: 2, teachers: 1, subjects: 2, status: 'incomplete', ...over });
}

function detail(over: Partial<ClassDetail> = {}): ClassDetail {
  return {
    ...summary(),
    subjectList: [
      { ...HINDI, teacher: null },
      { ...MATHS, teacher: RAVI },
    ],
    studentList: [
      { userId: 'e0000000-0000-4000-8000-000000000001', loginId: 'DEMO-S0002', fullName: 'Meera Shah', image: null, status: true, rollNo: 1, admittedAt: '2026-04-01T00:00:00.000Z' },
      { userId: 'e0000000-0000-4000-8000-000000000002', loginId: 'DEMO-S0003', fullName: 'Arjun Das', image: null, status: true, rollNo: null, admittedAt: '2026-04-01T00:00:00.000Z' },
    ],
    ...over,
  };
}

const subjectRow = (s: { subjectId: string; name: string; masterCode: string | null }) => ({ ...s, status: true, createdAt: '2026-04-01T00:00:00.000Z' });
const teacherRow = (p: typeof RAVI) => personFixture({ userId: p.userId, fullName: p.fullName, loginId: p.loginId });

const MOCKS = {
  ...HEADER_MOCKS,
  'GET /api/school/session': () => json(200, { result: [SESSION] }),
  [`GET /api/school/getallassignclass/${SESSION.sessionId}`]: () => json(200, pageOf([summary()])),
  [`GET /api/school/getassignclass/${CLASS_ID}`]: () => json(200, { result: detail() }),
  'GET /api/school/subject': () => json(200, pageOf([subjectRow(MATHS), subjectRow(HINDI), subjectRow(CRAFT)])),
  'GET /api/school/teacher': () => json(200, pageOf([teacherRow(RAVI), teacherRow(SITA)])),
};

function bodyOf(fetch: ReturnType<typeof mockFetch>, method: string, path: string): unknown {
  const call = fetch.mock.calls.find(([url, init]) => String(url).split('?')[0] === path && init?.method === method);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}
const callsTo = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method).map(([url]) => new URL(String(url), 'http://x'));

describe('subject choices', () => {
  it('offers the active subjects and keeps the class’s own (an inactive one stays), by name, once each', () => {
    const old = { subjectId: 'f0000000-0000-4000-8000-000000000001', name: 'Latin', masterCode: null, teacher: null };
    const choices = subjectChoices([MATHS, HINDI], [{ ...MATHS, teacher: RAVI }, old]);
    expect(choices.map((s) => s.name)).toEqual(['Hindi', 'Latin', 'Mathematics']);
  });
});

describe('assigned classes', () => {
  it('lists the classes of the selected session with their status and filters by status on the server', async () => {
    const fetch = mockFetch(MOCKS);
    signIn(113);
    const user = userEvent.setup();
    renderApp('/viewassignedclasses');
    const row = await screen.findByRole('row', { name: /Class 5 – A/ });
    expect(within(row).getByText('Incomplete')).toBeInTheDocument();
    expect(within(row).getByText('2 of 40')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Class 5 – A' })).toHaveAttribute('href', `/detailsviewAssignedclasses/${CLASS_ID}`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Complete');
    await waitFor(() => expect(callsTo(fetch, 'GET', `/api/school/getallassignclass/${SESSION.sessionId}`).some((u) => u.searchParams.get('status') === 'complete')).toBe(true));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Complete');
    expect(within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Complete', 'Pending', 'Incomplete']);
  });

  it('shows a class: class teacher, subjects with teachers, students by roll number, and the edit actions', async () => {
    mockFetch(MOCKS);
    signIn(112);
    renderApp(`/detailsviewAssignedclasses/${CLASS_ID}`);
    expect(await screen.findByRole('heading', { name: 'Class 5 – A' })).toBeInTheDocument();
    const subjects = screen.getByRole('table', { name: 'Subjects and teachers' });
    expect(within(subjects).getByRole('row', { name: /Mathematics Ravi Kumar/ })).toBeInTheDocument();
    expect(within(subjects).getByRole('row', { name: /Hindi No teacher yet/ })).toBeInTheDocument();
    const students = screen.getByRole('table', { name: 'Students by roll number' });
    expect(within(students).getAllByRole('row').map((r) => r.textContent)).toEqual(['Roll no.Student', '1Meera ShahDEMO-S0002', 'Not givenArjun DasDEMO-S0003']);
    expect(screen.getByRole('link', { name: 'Assign teachers' })).toHaveAttribute('href', `/assignteachersubject?class=${CLASS_ID}`);
    expect(screen.getByRole('link', { name: 'Edit subjects' })).toHaveAttribute('href', `/assignsubject?class=${CLASS_ID}`);
  });

  it('is read-only for the teacher', async () => {
    mockFetch(MOCKS);
    signIn(114);
    renderApp(`/detailsclassteacherview/${CLASS_ID}`);
    expect(await screen.findByRole('heading', { name: 'Class 5 – A' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Assign teachers' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/getteacherclass');
  });
});

describe('assign subjects', () => {
  it('starts from what the class has and sends the chosen subjects and class teacher', async () => {
    const fetch = mockFetch({ ...MOCKS, 'POST /api/school/assignclass': () => json(200, { message: 'Saved', result: detail() }) });
    signIn(113);
    const user = userEvent.setup();
    const { router } = renderApp(`/assignsubject?class=${CLASS_ID}`);
    const group = await screen.findByRole('group', { name: 'Subjects taught in this class' });
    const maths = within(group).getByRole('checkbox', { name: 'Mathematics' });
    expect(maths).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Craft' })).not.toBeChecked();
    await user.click(maths);
    await user.click(within(group).getByRole('checkbox', { name: 'Craft' }));
    expect(screen.getByRole('combobox', { name: /Class teacher/ })).toHaveValue('Ravi Kumar (DEMO-T0001)');
    await user.click(screen.getByRole('button', { name: 'Save subjects' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/detailsviewAssignedclasses/${CLASS_ID}`));
    const body = bodyOf(fetch, 'POST', '/api/school/assignclass') as { subjectIds: string[]; classTeacherId: string; assignClassId: string };
    expect(body.assignClassId).toBe(CLASS_ID);
    expect(body.classTeacherId).toBe(RAVI.userId);
    expect([...body.subjectIds].sort()).toEqual([HINDI.subjectId, CRAFT.subjectId].sort());
  });

  it('puts a refused class teacher on its field, by reason', async () => {
    mockFetch({
      ...MOCKS,
      'POST /api/school/assignclass': () => json(400, { error: 'BAD_REQUEST', message: 'Choose an active teacher of this school.', reason: 'not_a_teacher', field: 'classTeacherId' }),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp(`/assignedclass?class=${CLASS_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Save subjects' }));
    const field = await screen.findByRole('combobox', { name: /Class teacher/ });
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Choose an active teacher of this school\./));
  });
});

describe('assign teachers to subjects', () => {
  it('shows one row per subject and saves the whole table in one request', async () => {
    const fetch = mockFetch({ ...MOCKS, 'POST /api/school/assignteachersubject': () => json(200, { message: 'Saved', result: detail() }) });
    signIn(113);
    const user = userEvent.setup();
    const { router } = renderApp(`/assignteachersubject?class=${CLASS_ID}`);
    const hindi = await screen.findByRole('combobox', { name: 'Teacher of Hindi' });
    expect(screen.getByRole('combobox', { name: 'Teacher of Mathematics' })).toHaveValue('Ravi Kumar (DEMO-T0001)');
    await user.click(hindi);
    const options = document.getElementById(hindi.getAttribute('aria-controls') ?? '')!;
    await user.click(await within(options).findByRole('option', { name: 'Sita Rao (DEMO-T0002)', hidden: true }));
    // A subject not yet in the class gets a row of its own.
    const add = screen.getByRole('combobox', { name: 'Add a subject' });
    await user.click(add);
    await user.click(await within(document.getElementById(add.getAttribute('aria-controls') ?? '')!).findByRole('option', { name: 'Craft', hidden: true }));
    expect(await screen.findByRole('combobox', { name: 'Teacher of Craft' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save teachers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/detailsviewAssignedclasses/${CLASS_ID}`));
    expect(callsTo(fetch, 'POST', '/api/school/assignteachersubject')).toHaveLength(1);
    expect(bodyOf(fetch, 'POST', '/api/school/assignteachersubject')).toEqual({
      assignClassId: CLASS_ID,
      assignments: [
        { subjectId: HINDI.subjectId, teacherId: SITA.userId },
        { subjectId: MATHS.subjectId, teacherId: RAVI.userId },
        { subjectId: CRAFT.subjectId, teacherId: null },
      ],
    });
  });

  it('marks the row the server refused', async () => {
    mockFetch({
      ...MOCKS,
      'POST /api/school/assignteachersubject': () => json(400, { error: 'BAD_REQUEST', message: 'x', reason: 'not_a_teacher', field: 'assignments.1.teacherId' }),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp(`/assignteachersubject?class=${CLASS_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Save teachers' }));
    const maths = screen.getByRole('combobox', { name: 'Teacher of Mathematics' });
    await waitFor(() => expect(maths).toHaveAccessibleDescription('Choose an active teacher of this school.'));
    expect(screen.getByRole('combobox', { name: 'Teacher of Hindi' })).not.toHaveAccessibleDescription();
  });
});

describe('teachers, students and parents', () => {
  const mine: TeacherClass[] = [
    { assignClassId: CLASS_ID, masterClass: '5', className: '5', section: 'A', isClassTeacher: true, students: 31, subjects: [{ ...MATHS }] },
    { assignClassId: 'c0000000-0000-4000-8000-000000000002', masterClass: 'LKG', className: 'LKG', section: 'B', isClassTeacher: false, students: 1, subjects: [] },
  ];

  it("shows the teacher's classes with the class teacher badge, students and subjects", async () => {
    const fetch = mockFetch({ ...MOCKS, 'GET /api/school/assignclassteachersubject': () => json(200, { result: mine }) });
    signIn(114);
    renderApp('/getteacherclass');
    const list = await screen.findByRole('list', { name: 'My classes' });
    const cards = within(list).getAllByRole('listitem');
    expect(within(cards[0]!).getByRole('link', { name: 'Class 5 – A' })).toHaveAttribute('href', `/detailsclassteacherview/${CLASS_ID}`);
    expect(within(cards[0]!).getByText('Class teacher')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('31 students')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('LKG – B')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('1 student')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Class teacher')).toBeNull();
    const query = callsTo(fetch, 'GET', '/api/school/assignclassteachersubject')[0]!;
    expect(query.searchParams.get('sessionId')).toBe(SESSION.sessionId);
    expect(query.searchParams.get('teacherId')).toBeNull();
  });

  it("shows an admin the teacher's classes on the teacher information details", async () => {
    const fetch = mockFetch({
      ...MOCKS,
      [`GET /api/school/teacher/${RAVI.userId}`]: () => json(200, { result: teacherRow(RAVI) }),
      'GET /api/school/assignclassteachersubject': () => json(200, { result: mine }),
    });
    signIn(113);
    renderApp(`/detailsviewteacherInfo/${RAVI.userId}`);
    // The screen's code is compiled at its first visit: on a busy machine (the unit step beside the
    // journeys) that took longer than a find's 10 s.
    const card = await screen.findByRole('region', { name: 'Classes and subjects' }, { timeout: 25_000 });
    expect(await within(card).findByRole('link', { name: 'Class 5 – A' })).toHaveAttribute('href', `/detailsviewAssignedclasses/${CLASS_ID}`);
    expect(callsTo(fetch, 'GET', '/api/school/assignclassteachersubject')[0]!.searchParams.get('teacherId')).toBe(RAVI.userId);
  });

  const view = (over: Partial<StudentClassView> = {}): StudentClassView => ({
    student: { userId: '7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10', fullName: 'Aarav Verma', loginId: 'DEMO-S0001' },
    sessionId: SESSION.sessionId,
    class: summary(),
    rollNo: 12,
    subjects: detail().subjectList,
    ...over,
  });

  it("shows the student its class, roll number, class teacher and subjects; in Hindi too", async () => {
    mockFetch({ ...MOCKS, 'GET /api/school/studentclass/7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10': () => json(200, { result: view() }) });
    signIn(116);
    const user = userEvent.setup();
    renderApp('/studentClass');
    const card = await screen.findByRole('region', { name: 'Class' });
    expect(within(card).getByText('Class 5')).toBeInTheDocument();
    expect(within(card).getByText('12')).toBeInTheDocument();
    expect(within(card).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Mathematics Ravi Kumar/ })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');
    try {
      expect(await screen.findByText('कक्षा 5')).toBeInTheDocument();
      expect(screen.getByRole('row', { name: /गणित Ravi Kumar/ })).toBeInTheDocument();
      expect(screen.getByText('अनुक्रमांक')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
      localStorage.removeItem('lang');
    }
  });

  it('says when the student is not yet assigned to a class', async () => {
    mockFetch({ ...MOCKS, 'GET /api/school/studentclass/7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10': () => json(200, { result: view({ class: null, rollNo: null, subjects: [] }) }) });
    signIn(116);
    renderApp('/studentClass');
    expect(await screen.findByText('You are not yet assigned to a class.')).toBeInTheDocument();
  });

  it("shows a parent each child's class and roll number for the selected session", async () => {
    const kids = [
      personFixture({ userId: 'e0000000-0000-4000-8000-000000000011', fullName: 'Aarav Verma', roleId: 116 }),
      personFixture({ userId: 'e0000000-0000-4000-8000-000000000012', fullName: 'Anya Verma', roleId: 116 }),
    ];
    mockFetch({
      ...MOCKS,
      'GET /api/parent/children': () => json(200, { result: kids }),
      [`GET /api/school/studentclass/${kids[0]!.userId}`]: () => json(200, { result: view({ student: { userId: kids[0]!.userId, fullName: 'Aarav Verma', loginId: 'DEMO-S0001' } }) }),
      [`GET /api/school/studentclass/${kids[1]!.userId}`]: () => json(200, { result: view({ student: { userId: kids[1]!.userId, fullName: 'Anya Verma', loginId: 'DEMO-S0004' }, class: null, rollNo: null, subjects: [] }) }),
    });
    signIn(115);
    renderApp('/viewstudentsinfo');
    expect(await screen.findByText('Class 5 – A · Roll no. 12')).toBeInTheDocument();
    expect(await screen.findByText('Not yet assigned to a class')).toBeInTheDocument();
  });
});
