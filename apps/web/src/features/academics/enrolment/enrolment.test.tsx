import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassStudent, ClassSummary } from '@shala/contract';
import { classSummaryFixture } from '../../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, pageOf, personFixture, renderApp, signIn } from '../../../test/utils';
import { defaultTarget, laterSessions, pageSelection, rollNumbersBody, rollsChanged, selectPage, siblingSections } from './logic';

const NOW = '2026-04-01T00:00:00.000Z';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SESSIONS = [
  { sessionId: uuid(901), sessionYear: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', isCurrent: true },
  { sessionId: uuid(902), sessionYear: '2027-28', startDate: '2027-04-01', endDate: '2028-03-31', isCurrent: false },
  { sessionId: uuid(900), sessionYear: '2025-26', startDate: '2025-04-01', endDate: '2026-03-31', isCurrent: false },
];

function cls(n: number, masterClass: string, section: string, over: Partial<ClassSummary> = {}): ClassSummary {
  return classSummaryFixture({ assignClassId: uuid(n), sessionId: SESSIONS[0]!.sessionId, masterClass, className: masterClass, section, createdAt: NOW, ...over });
}

function student(n: number, name: string, rollNo: number | null): ClassStudent {
  return { userId: uuid(n), loginId: `DEMO-S${n}`, fullName: name, image: null, status: true, rollNo, admittedAt: NOW };
}

const detailOf = (c: ClassSummary, studentList: ClassStudent[]) => ({ result: { ...c, students: studentList.length, subjectList: [], studentList } });

describe('enrolment decisions', () => {
  it('selects and clears a whole page, keeping other pages', () => {
    const selected = selectPage(new Set(['x']), ['a', 'b'], true);
    expect([...selected].sort()).toEqual(['a', 'b', 'x']);
    expect(pageSelection(selected, ['a', 'b'])).toBe('all');
    expect(pageSelection(selected, ['a', 'c'])).toBe('some');
    expect(pageSelection(selected, ['c'])).toBe('none');
    expect([...selectPage(selected, ['a', 'b'], false)]).toEqual(['x']);
  });

  it('promotes by default into the next class, same section, of a later session', () => {
    const five = cls(1, '5', 'B');
    const targets = [cls(2, '6', 'A'), cls(3, '6', 'B'), cls(4, '7', 'B')];
    expect(defaultTarget(targets, five)?.assignClassId).toBe(uuid(3));
    expect(defaultTarget([cls(2, '6', 'C'), cls(5, '6', 'A')], five)?.assignClassId).toBe(uuid(5));
    expect(defaultTarget(targets, cls(6, '12', 'A'))).toBeNull();
    expect(defaultTarget(targets, null)).toBeNull();
    expect(defaultTarget([cls(7, 'LKG', 'A')], cls(8, 'NUR', 'A'))?.assignClassId).toBe(uuid(7));
    expect(laterSessions(SESSIONS, SESSIONS[2]!).map((s) => s.sessionYear)).toEqual(['2026-27', '2027-28']);
  });

  it('moves only to the other sections of the same class and session', () => {
    const a = cls(1, '5', 'A');
    const list = [a, cls(2, '5', 'B'), cls(3, '6', 'A'), cls(4, '5', 'C', { sessionId: uuid(999) })];
    expect(siblingSections(list, a).map((c) => c.section)).toEqual(['B']);
  });

  it('saves every numbered student, with the edits, so numbers can be swapped', () => {
    const list = [student(1, 'Asha', 1), student(2, 'Bala', 2), student(3, 'Chetan', null)];
    expect(rollsChanged(list, {})).toBe(false);
    const edits = { [uuid(1)]: 2, [uuid(2)]: 1 } as const;
    expect(rollsChanged(list, edits)).toBe(true);
    expect(rollNumbersBody(list, edits)).toEqual([
      { userId: uuid(1), rollNo: 2 },
      { userId: uuid(2), rollNo: 1 },
    ]);
    expect(rollNumbersBody(list, { [uuid(3)]: 9, [uuid(1)]: '' })).toEqual([
      { userId: uuid(2), rollNo: 2 },
      { userId: uuid(3), rollNo: 9 },
    ]);
  });
});

describe('/assignedstudent', () => {
  const classA = cls(11, '5', 'A', { students: 2, classLimit: 3 });
  const classB = cls(12, '5', 'B', { students: 0 });
  const pupils = [1, 2, 3].map((i) => personFixture({ userId: uuid(100 + i), loginId: `DEMO-S010${i}`, roleId: 116, fullName: `Pupil ${i}` }));
  const roster = [student(201, 'Asha Rao', 1), student(202, 'Bala Das', 2)];

  function mocks(over: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
    return mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: SESSIONS }),
      'GET /api/school/class': () => json(200, pageOf([classA, classB])),
      [`GET /api/school/filterassignstudent/${SESSIONS[0]!.sessionId}`]: () => json(200, pageOf(pupils, 3)),
      [`GET /api/school/getassignclass/${classA.assignClassId}`]: () => json(200, detailOf(classA, roster)),
      ...over,
    });
  }
  const bodies = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
    fetch.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).split('?')[0] === path).map(([, init]) => JSON.parse(String(init?.body)));

  it('assigns the students of a whole page to the chosen class in one request', async () => {
    const fetch = mocks({ 'POST /api/school/assignstudentclass': () => json(200, { result: { ...classA, students: 5 } }) });
    signIn(113);
    const user = userEvent.setup();
    renderApp(`/assignedstudent?class=${classA.assignClassId}`);
    expect(await screen.findByText('2 of 3 students')).toBeInTheDocument();
    expect(screen.getByText('1 place free')).toBeInTheDocument();
    await screen.findByText('Pupil 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Pupil 2' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Pupil 2' }));
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveAttribute('data-indeterminate', 'true');
    await user.click(screen.getByRole('button', { name: 'Assign 2 students to Class 5 – A' }));
    await waitFor(() => expect(bodies(fetch, 'POST', '/api/school/assignstudentclass')).toEqual([{ assignClassId: classA.assignClassId, studentIds: [uuid(101), uuid(103)] }]));
    expect(await screen.findByText('2 students assigned to Class 5 – A.')).toBeInTheDocument();
  });

  it('shows a full class in words, nothing selected lost', async () => {
    mocks({
      'POST /api/school/assignstudentclass': () =>
        json(409, { error: 'CONFLICT', message: 'full', reason: 'class_full', params: { limit: 3, className: '5', section: 'A', free: 1 } }),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp(`/assignedstudent?class=${classA.assignClassId}`);
    await screen.findByText('Pupil 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Assign 3 students to Class 5 – A' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Class 5-A holds at most 3 students; 1 places are free. Nothing was saved.');
    expect(screen.getByText(/3 selected/)).toBeInTheDocument();
  });

  it('saves hand-edited roll numbers in one PUT and shows a taken number', async () => {
    let answer = 409;
    const fetch = mocks({
      'PUT /api/school/assignclass/rollno': () =>
        answer === 409
          ? json(409, { error: 'CONFLICT', message: 'taken', reason: 'roll_taken', params: { rollNo: 2 } })
          : json(200, detailOf(classA, [student(201, 'Asha Rao', 7), student(202, 'Bala Das', 2)])),
    });
    signIn(112);
    const user = userEvent.setup();
    renderApp(`/assignedstudent?class=${classA.assignClassId}`);
    const asha = await screen.findByRole('textbox', { name: 'Roll number of Asha Rao' });
    expect(screen.getByRole('button', { name: 'Save roll numbers' })).toBeDisabled();
    await user.clear(asha);
    await user.type(asha, '2');
    await user.click(screen.getByRole('button', { name: 'Save roll numbers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Roll number 2 is given twice.');
    answer = 200;
    await user.clear(asha);
    await user.type(asha, '7');
    await user.click(screen.getByRole('button', { name: 'Save roll numbers' }));
    await screen.findByText('Roll numbers saved.');
    expect(bodies(fetch, 'PUT', '/api/school/assignclass/rollno').at(-1)).toEqual({
      assignClassId: classA.assignClassId,
      rollNumbers: [
        { userId: uuid(201), rollNo: 7 },
        { userId: uuid(202), rollNo: 2 },
      ],
    });
  });

  it('moves a student to another section of its class', async () => {
    const fetch = mocks({ [`PATCH /api/school/assignstudentclass/${uuid(202)}`]: () => json(200, { result: { ...classB, students: 1 } }) });
    signIn(113);
    const user = userEvent.setup();
    renderApp(`/assignedstudent?class=${classA.assignClassId}`);
    await user.click(await screen.findByRole('button', { name: 'Move Bala Das to another section' }));
    await user.click(await screen.findByRole('menuitem', { name: /Class 5 – B/ }));
    await waitFor(() => expect(bodies(fetch, 'PATCH', `/api/school/assignstudentclass/${uuid(202)}`)).toEqual([{ assignClassId: classB.assignClassId }]));
    expect(await screen.findByText('Bala Das moved to Class 5 – B.')).toBeInTheDocument();
  });
});

describe('/promotion', () => {
  it('defaults to the next class, same section, and previews with the held-back students', async () => {
    const five = cls(21, '5', 'B', { students: 3 });
    const sixA = cls(22, '6', 'A', { sessionId: SESSIONS[1]!.sessionId, sessionYear: '2027-28' });
    const sixB = cls(23, '6', 'B', { sessionId: SESSIONS[1]!.sessionId, sessionYear: '2027-28' });
    const kids = [student(301, 'Asha Rao', 1), student(302, 'Bala Das', 2), student(303, 'Chetan Iyer', 3)];
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: SESSIONS }),
      'GET /api/school/class': (url) =>
        json(200, pageOf(new URL(url, 'http://x').searchParams.get('sessionId') === SESSIONS[1]!.sessionId ? [sixA, sixB] : [five])),
      [`GET /api/school/getassignclass/${five.assignClassId}`]: () => json(200, detailOf(five, kids)),
      'POST /api/school/promote': (_url, init) => {
        const body = JSON.parse(String(init.body));
        return json(200, {
          result: {
            dryRun: body.dryRun,
            promoted: [student(301, 'Asha Rao', 1), student(303, 'Chetan Iyer', 2)],
            heldBack: [kids[1]],
            target: { ...sixB, students: 2 },
          },
        });
      },
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/promotion');
    await screen.findByRole('option', { name: /Class 5 – B/ });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Class of 2026-27' }), five.assignClassId);
    expect(screen.getByRole('combobox', { name: 'Next session' })).toHaveValue(SESSIONS[1]!.sessionId);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Promote into' })).toHaveValue(sixB.assignClassId));
    await user.click(await screen.findByRole('checkbox', { name: /Bala Das/ }));
    expect(screen.getByText('2 move up, 1 stay back')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const outcome = await screen.findByRole('region', { name: 'Preview' });
    expect(within(outcome).getByText('Nothing saved yet')).toBeInTheDocument();
    expect(within(outcome).getByRole('list', { name: 'Into Class 6 – B · 2027-28 (2)' })).toHaveTextContent('1. Asha Rao2. Chetan Iyer');
    const sent = fetch.mock.calls.filter(([url]) => String(url) === '/api/school/promote').map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent).toEqual([{ fromAssignClassId: five.assignClassId, toAssignClassId: sixB.assignClassId, heldBackIds: [uuid(302)], dryRun: true }]);

    await user.click(screen.getByRole('button', { name: 'Promote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote the class?' });
    expect(dialog).toHaveTextContent('2 students of Class 5 – B move into Class 6 – B (2027-28); 1 stay back.');
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('2 students promoted to Class 6 – B.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Promoted' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Promote' })).toBeDisabled();
  });
});
