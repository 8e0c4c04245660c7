import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttendanceDay, DashboardHome, SubstitutionDay, TeachingCell, UncoveredPeriod } from '@shala/contract';
import { prefetchLanding } from '../../api/dashboard';
import { PROFILE_FIXTURE } from '../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn, testQueryClient } from '../../test/utils';
import { coverMarkLink } from '../timetable';
import { changedItems, exchangeChoices, exchangeItems, fillAll, noSchoolKey, pickerGroups, pickOf } from './substitutionLogic';

const DATE = '2026-11-24';
const id = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-00000000000${n}`;
const CLASS_5A = { assignClassId: id('c', 1), masterClass: '5', className: '5', section: 'A' };
const CLASS_6B = { assignClassId: id('c', 2), masterClass: '6', className: '6', section: 'B' };
const RAVI = { teacherId: id('d', 1), fullName: 'Ravi Kumar' };
const MEENA = { teacherId: id('d', 2), fullName: 'Meena Iyer' };
const ANIL = { teacherId: id('d', 3), fullName: 'Anil Gupta' };
const SITA = { teacherId: id('d', 4), fullName: 'Sita Devi' };
const CLASS_7C = { assignClassId: id('c', 3), masterClass: '7', className: '7', section: 'C' };
const lesson = (t: { teacherId: string; fullName: string }, n: number, cls: TeachingCell['class']): TeachingCell => ({
  periodId: id('f', n),
  periodName: String(n),
  startTime: `${String(7 + n).padStart(2, '0')}:00`,
  class: cls,
  subjectName: 'English',
  teacherId: t.teacherId,
  teacherName: t.fullName,
});
// The lessons of the teachers present: Meena 7 C in period 2, Anil 6 B in periods 3 and 5, Sita 7 C in
// period 5 (Sita also covers 5 A in period 3: PERIODS).
const MEENA_2 = lesson(MEENA, 2, CLASS_7C);
const ANIL_3 = lesson(ANIL, 3, CLASS_6B);
const ANIL_5 = lesson(ANIL, 5, CLASS_6B);
const SITA_5 = lesson(SITA, 5, CLASS_7C);
const candidate = (t: { teacherId: string; fullName: string }, reasons: UncoveredPeriod['candidates'][number]['reasons'] = []) => ({ ...t, reasons, coversToday: 0, coversRecent: 1 });

function period(n: number, over: Partial<UncoveredPeriod> = {}): UncoveredPeriod {
  return {
    periodId: id('f', n),
    periodName: String(n),
    startTime: `${String(7 + n).padStart(2, '0')}:00`,
    endTime: `${String(7 + n).padStart(2, '0')}:40`,
    class: CLASS_5A,
    subjectId: id('b', 1),
    subjectName: 'Mathematics',
    absentTeacherId: RAVI.teacherId,
    absentTeacherName: RAVI.fullName,
    away: 'on_leave',
    substitute: null,
    candidates: [candidate(MEENA, ['teaches_class']), candidate(ANIL, ['teaches_subject', 'adjacent'])],
    proposedId: MEENA.teacherId,
    ...over,
  };
}
const PERIODS = [
  period(1),
  period(2, { proposedId: ANIL.teacherId }),
  period(3, { substitute: SITA, proposedId: SITA.teacherId, candidates: [candidate(SITA)] }),
  period(4, { candidates: [], proposedId: null }),
];

function day(over: Partial<SubstitutionDay> = {}): SubstitutionDay {
  return {
    date: DATE,
    dayKind: 'school',
    holidayTitle: null,
    canArrange: true,
    dailyCap: 2,
    weeklyCap: 8,
    away: [{ teacherId: RAVI.teacherId, fullName: RAVI.fullName, away: 'on_leave' }],
    periods: PERIODS,
    teachers: [MEENA, ANIL, SITA],
    cells: [],
    ...over,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('arrangement logic', () => {
  it('fills only the empty pickers, sends only the changed periods, and says which days have none', () => {
    const d = day();
    const filled = fillAll(d, {});
    expect(PERIODS.map((p) => pickOf(p, filled))).toEqual([MEENA.teacherId, ANIL.teacherId, SITA.teacherId, null]);
    expect(changedItems(d, filled)).toEqual([
      { periodId: PERIODS[0]!.periodId, assignClassId: CLASS_5A.assignClassId, substituteId: MEENA.teacherId },
      { periodId: PERIODS[1]!.periodId, assignClassId: CLASS_5A.assignClassId, substituteId: ANIL.teacherId },
    ]);
    // A picker set by hand stays; "none" on a saved arrangement removes it.
    const own = fillAll(d, { [`${PERIODS[0]!.periodId}:${CLASS_5A.assignClassId}`]: ANIL.teacherId });
    expect(changedItems(d, own).map((i) => i.substituteId)).toEqual([ANIL.teacherId, ANIL.teacherId]);
    expect(changedItems(d, { [`${PERIODS[2]!.periodId}:${CLASS_5A.assignClassId}`]: null })).toEqual([{ periodId: PERIODS[2]!.periodId, assignClassId: CLASS_5A.assignClassId, substituteId: null }]);
    expect(pickerGroups(PERIODS[0]!, d.teachers).others).toEqual([SITA]);
    expect(noSchoolKey(day({ dayKind: 'weekly_off' }))).toBe('substitutions.notSchool.weekly_off');
    expect(noSchoolKey(day({ dayKind: 'future' }))).toBeNull();
  });

  it('offers as partners the lessons whose teacher is free in the first’s period while the first’s is free in theirs', () => {
    const choices = exchangeChoices(day({ cells: [MEENA_2, ANIL_3, ANIL_5, SITA_5] }));
    const named = (c: TeachingCell) => `${c.teacherName.split(' ')[0]} ${c.periodName}`;
    expect(choices.map((c) => [named(c.cell), c.partners.map(named)])).toEqual([
      ['Meena 2', ['Anil 3', 'Anil 5', 'Sita 5']],
      // Sita covers period 3: not Anil's partner there; Anil's own lessons never are.
      ['Anil 3', ['Meena 2']],
      // In one period, each gives its lesson to the other: Sita's 7 C and Anil's 6 B in period 5.
      ['Anil 5', ['Meena 2', 'Sita 5']],
      // Giving his period 3, Anil keeps his lesson of period 5: not free for Sita's then.
      ['Sita 5', ['Meena 2', 'Anil 5']],
    ]);
    // A lesson already given (an exchange saved) is not offered.
    const saved = period(2, { class: CLASS_7C, absentTeacherId: MEENA.teacherId, absentTeacherName: MEENA.fullName, away: 'present', substitute: SITA, candidates: [] });
    expect(exchangeChoices(day({ periods: [saved], cells: [MEENA_2, ANIL_3, SITA_5] })).map((c) => named(c.cell))).toEqual(['Anil 3', 'Sita 5']);
    expect(exchangeChoices(day({ cells: [MEENA_2] }))).toEqual([]);
    expect(exchangeItems(MEENA_2, ANIL_5)).toEqual([
      { periodId: MEENA_2.periodId, assignClassId: CLASS_7C.assignClassId, substituteId: ANIL.teacherId },
      { periodId: ANIL_5.periodId, assignClassId: CLASS_6B.assignClassId, substituteId: MEENA.teacherId },
    ]);
  });
});

describe('/substitutions', () => {
  it('lists the uncovered periods; Fill all proposes without saving; Confirm sends the changed ones and shows a 409 by its reason', async () => {
    const posted: unknown[] = [];
    const asked: string[] = [];
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/substitutions': (url) => {
        asked.push(url);
        return json(200, { result: day() });
      },
      'POST /api/school/substitutions': (_url, init) => {
        posted.push(JSON.parse(String(init.body)));
        return json(409, { error: 'CONFLICT', reason: 'substitute_busy', params: { name: 'Anil Gupta', className: '6', section: 'B', period: 'Period 2' }, message: 'busy' });
      },
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp(`/substitutions?date=${DATE}`);
    const list = await screen.findByRole('list', { name: 'Periods arranged on this day' }, { timeout: 30_000 });
    expect(asked[0]).toContain(`date=${DATE}`);
    const rows = within(list).getAllByTestId('uncovered');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Period 1 · 08:00–08:40 · Class 5 – A');
    expect(rows[0]).toHaveTextContent('Mathematics · Ravi Kumar (on leave)');
    expect(within(screen.getByRole('region', { name: 'Away on this day' })).getByText('Ravi Kumar: on leave')).toBeInTheDocument();
    expect(screen.getByText('Each teacher: at most 2 extra periods a day, 8 a week')).toBeInTheDocument();
    // The saved arrangement shows as such.
    expect(rows[2]).toHaveTextContent('Arranged: Sita Devi');

    const picker = (n: number) => screen.getByRole('combobox', { name: `Substitute for Period ${n}, Class 5 – A` }) as HTMLSelectElement;
    // The suggested first (with why), then every other free teacher, then none.
    expect(within(picker(1)).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'None',
      'Meena Iyer (teaches this class, 0 extra periods today)',
      'Anil Gupta (teaches this subject, next period, 0 extra periods today)',
      'Sita Devi',
    ]);
    expect(picker(1).value).toBe('');
    expect(picker(3).value).toBe(SITA.teacherId);

    await user.click(screen.getByRole('button', { name: 'Fill all' }));
    expect(picker(1).value).toBe(MEENA.teacherId);
    expect(picker(2).value).toBe(ANIL.teacherId);
    expect(picker(4).value).toBe('');
    expect(within(rows[1]!).getByTestId('reasons')).toHaveTextContent('teaches this subject');
    expect(screen.getByText('2 changes not confirmed')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      date: DATE,
      items: [
        { periodId: PERIODS[0]!.periodId, assignClassId: CLASS_5A.assignClassId, substituteId: MEENA.teacherId },
        { periodId: PERIODS[1]!.periodId, assignClassId: CLASS_5A.assignClassId, substituteId: ANIL.teacherId },
      ],
    });
    expect(await screen.findByText('Anil Gupta is already with 6 B in Period 2.')).toBeInTheDocument();
    // The day is read again.
    await waitFor(() => expect(asked).toHaveLength(2));
  }, 90_000);

  it('exchanges a period: the first lesson, then a partner, both arrangements in one request; the saved rows show as an exchange', async () => {
    const posted: unknown[] = [];
    const cells = [MEENA_2, ANIL_3, ANIL_5, SITA_5];
    const exchanged = [
      period(2, { class: CLASS_7C, absentTeacherId: MEENA.teacherId, absentTeacherName: MEENA.fullName, away: 'present', substitute: ANIL, candidates: [], proposedId: ANIL.teacherId }),
      period(5, { class: CLASS_6B, absentTeacherId: ANIL.teacherId, absentTeacherName: ANIL.fullName, away: 'present', substitute: MEENA, candidates: [], proposedId: MEENA.teacherId }),
    ];
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/substitutions': () => json(200, { result: day({ away: [], periods: [], cells }) }),
      'POST /api/school/substitutions': (_url, init) => {
        posted.push(JSON.parse(String(init.body)));
        return json(200, { result: day({ away: [], periods: exchanged, cells }) });
      },
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp(`/substitutions?date=${DATE}`);
    await user.click(await screen.findByRole('button', { name: 'Exchange a period' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Exchange a period' });
    const first = within(dialog).getByRole('combobox', { name: "First teacher's period" });
    const second = within(dialog).getByRole('combobox', { name: 'Exchange with' });
    expect(second).toBeDisabled();
    await user.selectOptions(first, within(first).getByRole('option', { name: 'Period 2 · Class 7 – C · English · Meena Iyer' }));
    expect(within(second).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a period',
      'Period 3 · Class 6 – B · English · Anil Gupta',
      'Period 5 · Class 6 – B · English · Anil Gupta',
      'Period 5 · Class 7 – C · English · Sita Devi',
    ]);
    await user.selectOptions(second, within(second).getByRole('option', { name: 'Period 5 · Class 6 – B · English · Anil Gupta' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Anil Gupta takes Class 7 – C in Period 2 and Meena Iyer takes Class 6 – B in Period 5.');
    await user.click(within(dialog).getByRole('button', { name: 'Exchange' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([{ date: DATE, items: exchangeItems(MEENA_2, ANIL_5) }]);
    const rows = within(screen.getByRole('list', { name: 'Periods arranged on this day' })).getAllByTestId('uncovered');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Mathematics · Meena Iyer');
    expect(within(rows[0]!).getByText('Exchange')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Arranged: Anil Gupta');
  }, 90_000);

  it('on a holiday says why, with no periods, no Confirm and no register', async () => {
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/substitutions': () => json(200, { result: day({ dayKind: 'holiday', holidayTitle: 'Diwali', canArrange: false, away: [], periods: [], teachers: [] }) }),
    });
    signIn(112);
    renderApp(`/substitutions?date=${DATE}`);
    expect(await screen.findByText('This day is a holiday (Diwali): there are no periods to arrange.', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Periods arranged on this day' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Arrangement register (PDF, Hindi)' })).toBeDisabled();
  }, 90_000);

  it('says so when nobody is away, and prints the register in the language chosen', async () => {
    const pdfs: string[] = [];
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/substitutions': () => json(200, { result: day({ away: [], periods: [], teachers: [] }) }),
      'GET /api/school/substitutions/register': (url) => {
        pdfs.push(url);
        return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      },
    });
    const files: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push(this.download);
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp(`/substitutions?date=${DATE}`);
    expect(await screen.findByText('Every teacher is present on this day: no period needs a substitute.', {}, { timeout: 30_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Arrangement register (PDF, Hindi)' }));
    await waitFor(() => expect(files).toEqual([`arrangement-register-${DATE}-hi.pdf`]));
    expect(pdfs[0]).toMatch(new RegExp(`/api/school/substitutions/register\\?date=${DATE}&lang=hi$`));
    click.mockRestore();
  }, 90_000);

  it('shows a past day read-only', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/substitutions': () => json(200, { result: day({ canArrange: false }) }) });
    signIn(113);
    renderApp(`/substitutions?date=${DATE}`);
    expect(await screen.findByText('This day can no longer be arranged: its arrangements are shown as they were saved.', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Substitute for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fill all' })).toBeNull();
    expect(screen.getAllByText('Not arranged')).toHaveLength(3);
    expect(screen.getByText('Arranged: Sita Devi')).toBeInTheDocument();
  }, 90_000);
});

const SESSION = { sessionId: 'e1e1e1e1-0000-4000-8000-000000000001', sessionYear: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', isCurrent: true };
const COVER = {
  date: DATE,
  periodId: id('f', 2),
  periodName: '2',
  startTime: '09:00',
  endTime: '09:40',
  class: CLASS_6B,
  subjectName: 'Science',
  absentTeacherName: 'Ravi Kumar',
};

describe("the substitute's way to the period", () => {
  it("the teacher's dashboard lists today's extra periods, each linking to its marking", async () => {
    const home: DashboardHome = {
      kind: 'teacher',
      profile: { ...PROFILE_FIXTURE, roleId: 114, firstName: 'Meena', fullName: 'Meena Iyer' },
      notifications: { items: [], total: 0, page: 1, pageSize: 20, unread: 0 },
      sessions: [SESSION],
      sessionId: SESSION.sessionId,
      board: { items: [], total: 0, page: 1, pageSize: 5 },
      counts: { classes: 2, students: 60 },
      attendance: { date: DATE, dayKind: 'school', school: null, classes: [], children: [] },
      calendar: null,
      covers: [COVER],
    };
    mockFetch({
      'GET /api/dashboard/home': () => json(200, { result: home }),
      'PUT /api/notifications/language': () => json(200, { result: { language: 'en' } }),
    });
    signIn(114);
    const client = testQueryClient();
    prefetchLanding(client, 114);
    renderApp('/teacherdashboard', undefined, client);
    const card = await screen.findByTestId('covers-card', {}, { timeout: 30_000 });
    expect(within(card).getByRole('heading', { name: 'Extra periods today' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Period 2 · 09:00–09:40 · Class 6 – B');
    expect(card).toHaveTextContent('Science · for Ravi Kumar');
    const link = within(card).getByRole('link', { name: 'Mark attendance: Period 2, Class 6 – B' });
    expect(link.getAttribute('href')).toContain(`/attendance?class=${CLASS_6B.assignClassId}&date=${DATE}&period=${COVER.periodId}`);
  }, 90_000);

  it('the marking screen opens on the cover’s class, date and period, and shows a refusal as such', async () => {
    const OWN = { assignClassId: CLASS_5A.assignClassId, masterClass: '5', className: '5', section: 'A', isClassTeacher: true, subjects: [], students: 3 };
    const periodDay: AttendanceDay = {
      class: CLASS_6B,
      date: DATE,
      period: { periodId: COVER.periodId, sessionId: SESSION.sessionId, name: '2', startTime: '09:00', endTime: '09:40', isBreak: false },
      final: false,
      canMark: true,
      dayKind: 'school',
      holidayTitle: null,
      markedBy: null,
      markedAt: null,
      students: [{ studentId: id('e', 1), loginId: 'DEMO-S0001', fullName: 'Asha Verma', rollNo: 1, image: null, status: 'present', leave: null }],
      counts: { present: 1, absent: 0, late: 0, leave: 0, marked: 1, percent: 100 },
    };
    let refuse = false;
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: [SESSION] }),
      'GET /api/school/assignclassteachersubject': () => json(200, { result: [OWN] }),
      [`GET /api/school/period/${SESSION.sessionId}`]: () => json(200, { result: [{ periodId: COVER.periodId, sessionId: SESSION.sessionId, name: '2', startTime: '09:00', endTime: '09:40', isBreak: false }] }),
      [`GET /api/school/attendance/${CLASS_6B.assignClassId}/${DATE}/${COVER.periodId}`]: () =>
        refuse ? json(403, { error: 'FORBIDDEN', message: 'Forbidden' }) : json(200, { result: periodDay }),
    });
    signIn(114);
    const view = renderApp(coverMarkLink(COVER));
    expect(await screen.findByText('Asha Verma', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes(`/api/school/attendance/${CLASS_6B.assignClassId}/${DATE}/${COVER.periodId}`))).toBe(true);
    // The class chooser names the cover's class, not the teacher's own.
    expect(screen.getByDisplayValue('Class 6 – B (extra period)')).toBeInTheDocument();
    view.unmount();

    refuse = true;
    renderApp(coverMarkLink(COVER));
    expect(await screen.findByText('You do not have permission to do this.', {}, { timeout: 30_000 })).toBeInTheDocument();
  }, 90_000);

  it("the teacher's week lists the extra periods of the days ahead above the grid", async () => {
    const asked: string[] = [];
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: [SESSION] }),
      'GET /api/school/timetable/teacher': () => json(200, { result: { teacher: { userId: MEENA.teacherId, fullName: MEENA.fullName, loginId: 'DEMO-T0002' }, periods: [], days: [], cells: [] } }),
      'GET /api/school/substitutions/mine': (url) => {
        asked.push(url);
        return json(200, { result: { from: DATE, to: '2026-11-30', covers: [COVER, { ...COVER, date: '2026-11-25', periodId: id('f', 3), periodName: '3' }] } });
      },
    });
    signIn(114);
    renderApp('/ClassTimetable');
    const list = await screen.findByTestId('week-covers', {}, { timeout: 30_000 });
    expect(within(list).getByRole('heading', { name: 'Extra periods this week' })).toBeInTheDocument();
    const covers = within(list).getAllByTestId('cover');
    expect(covers).toHaveLength(2);
    expect(covers[1]).toHaveTextContent(/25.*Nov.*2026 · Period 3 · 09:00–09:40 · Class 6 – B/);
    expect(within(covers[1]!).getByRole('link').getAttribute('href')).toContain(`date=2026-11-25&period=${id('f', 3)}`);
    expect(asked[0]).toMatch(/\/api\/school\/substitutions\/mine$/);
  }, 90_000);
});
