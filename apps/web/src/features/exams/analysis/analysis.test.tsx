import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ExamAnalysis, StudentProgress } from '@shala/contract';
import { SESSION_FIXTURE as SESSION, classSummaryFixture, examFixture } from '../../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, renderApp, renderAt, signIn } from '../../../test/utils';
import { StudentProgressChart } from './StudentProgressChart';
import { defaultExamId, distributionBars, hasMarks, legendHeightOf, progressChart } from './shape';

const STUDENT = 'aaaaaaa1-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const LOW = 'aaaaaaa2-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const CLASS = 'ccccccc1-cccc-4ccc-8ccc-cccccccccccc';
const PT1 = 'eeeeeee1-eeee-4eee-8eee-eeeeeeeeeeee';
const HY = 'eeeeeee2-eeee-4eee-8eee-eeeeeeeeeeee';
const MATHS = 'fffffff1-ffff-4fff-8fff-ffffffffffff';
const SCIENCE = 'fffffff2-ffff-4fff-8fff-ffffffffffff';

const progress = (over: Partial<StudentProgress> = {}): StudentProgress => ({
  studentId: STUDENT,
  fullName: 'Aarav Verma',
  exams: [
    { examId: PT1, name: 'Periodic Test 1', percent: 80, grade: 'B1' },
    { examId: HY, name: 'Half-Yearly', percent: 50, grade: 'C2' },
  ],
  subjects: [
    { subjectId: MATHS, name: 'Mathematics', masterCode: null, percents: [90, 50] },
    { subjectId: SCIENCE, name: 'Science', masterCode: null, percents: [75, null] },
  ],
  ...over,
});

const CBSE = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'D', 'E'];
const analysis = (over: Partial<ExamAnalysis> = {}): ExamAnalysis => ({
  examId: PT1,
  examName: 'Periodic Test 1',
  assignClassId: CLASS,
  className: '5',
  section: 'A',
  passPercent: 33,
  students: 5,
  subjects: [
    {
      subjectId: MATHS,
      name: 'Mathematics',
      masterCode: null,
      maxMarks: 20,
      counted: 4,
      average: 11,
      highest: 20,
      lowest: 0,
      averagePercent: 55,
      distribution: CBSE.map((grade) => ({ grade, count: grade === 'E' ? 2 : grade.startsWith('A') ? 1 : 0 })),
      below: [
        { studentId: LOW, fullName: 'Chandu Rao', rollNo: 3, percent: 0 },
        { studentId: STUDENT, fullName: 'Divya Sen', rollNo: 4, percent: 30 },
      ],
    },
    { subjectId: SCIENCE, name: 'Science', masterCode: null, maxMarks: 40, counted: 0, average: null, highest: null, lowest: null, averagePercent: null, distribution: CBSE.map((grade) => ({ grade, count: 0 })), below: [] },
  ],
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('shaping the figures for the charts', () => {
  it('makes a row per exam with the overall and each subject’s percentage, and a line per subject that has one', () => {
    const chart = progressChart(progress(), 'Overall');
    expect(chart.empty).toBe(false);
    expect(chart.rows).toEqual([
      { exam: 'Periodic Test 1', overall: 80, s0: 90, s1: 75 },
      { exam: 'Half-Yearly', overall: 50, s0: 50, s1: null },
    ]);
    expect(chart.series.map((s) => [s.name, s.label])).toEqual([
      ['overall', 'Overall'],
      ['s0', 'Mathematics'],
      ['s1', 'Science'],
    ]);
    expect(new Set(chart.series.map((s) => s.color)).size).toBe(3);
  });

  it('leaves out a subject without any percentage, and is empty without exams or percentages', () => {
    const noScience = progressChart(progress({ subjects: [{ subjectId: MATHS, name: 'Mathematics', masterCode: null, percents: [90, 50] }, { subjectId: SCIENCE, name: 'Science', masterCode: null, percents: [null, null] }] }), 'Overall');
    expect(noScience.series.map((s) => s.label)).toEqual(['Overall', 'Mathematics']);
    expect(progressChart(undefined, 'Overall').empty).toBe(true);
    expect(progressChart(progress({ exams: [], subjects: [] }), 'Overall').empty).toBe(true);
    const blank = progress({ exams: [{ examId: PT1, name: 'Periodic Test 1', percent: null, grade: null }], subjects: [{ subjectId: MATHS, name: 'Mathematics', masterCode: null, percents: [null] }] });
    expect(progressChart(blank, 'Overall').empty).toBe(true);
  });

  it('leaves the legend room for its rows: three entries a row on a phone, seven wider', () => {
    expect(legendHeightOf(8, true)).toBe(26 * 3 + 8);
    expect(legendHeightOf(8, false)).toBe(26 * 2 + 8);
    expect(legendHeightOf(1, true)).toBe(26 + 8);
  });

  it('lists every grade band for the bars, zero counts included', () => {
    const bars = distributionBars(analysis().subjects[0]!);
    expect(bars.map((b) => b.grade)).toEqual(CBSE);
    expect(bars.find((b) => b.grade === 'B1')!.count).toBe(0);
  });

  it('knows when an exam has marks in a class, and which exam to show first', () => {
    expect(hasMarks(analysis())).toBe(true);
    expect(hasMarks(analysis({ subjects: [analysis().subjects[1]!] }))).toBe(false);
    expect(hasMarks(undefined)).toBe(false);
    expect(defaultExamId([])).toBeNull();
    expect(defaultExamId([{ examId: PT1, markCount: 5 }, { examId: HY, markCount: 0 }])).toBe(PT1);
    expect(defaultExamId([{ examId: PT1, markCount: 5 }, { examId: HY, markCount: 2 }])).toBe(HY);
    expect(defaultExamId([{ examId: PT1, markCount: 0 }, { examId: HY, markCount: 0 }])).toBe(PT1);
  });
});

const progressUrl = `GET /api/school/exam/progress/${STUDENT}`;

describe('StudentProgressChart', () => {
  it('draws the chart with its label and the same figures in a table', async () => {
    mockFetch({ ...HEADER_MOCKS, [progressUrl]: () => json(200, { result: progress() }) });
    signIn(115);
    renderAt(<StudentProgressChart studentId={STUDENT} />);
    const chart = await screen.findByRole('img', { name: 'Percentage of Aarav Verma in each exam, overall and per subject' });
    expect(chart).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Percentage of Aarav Verma/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Exam', 'Overall', 'Mathematics', 'Science']);
    expect(within(rows[2]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['50%', '50%', 'None']);
  });

  it('shows the empty state when there are no results yet', async () => {
    mockFetch({ ...HEADER_MOCKS, [progressUrl]: () => json(200, { result: progress({ exams: [], subjects: [] }) }) });
    signIn(116);
    renderAt(<StudentProgressChart studentId={STUDENT} />);
    expect(await screen.findByText('No results yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows an error with a retry, by reason, not the server’s English', async () => {
    mockFetch({ ...HEADER_MOCKS, [progressUrl]: () => json(404, { error: 'NOT_FOUND', message: 'Student not found.' }) });
    signIn(115);
    renderAt(<StudentProgressChart studentId={STUDENT} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

const exam = (examId: string, name: string, markCount: number) => examFixture({ examId, name, markCount });
const classSummary = classSummaryFixture({ assignClassId: CLASS, students: 5, teachers: 1, subjects: 2, status: 'complete' });

describe('/examanalysis', () => {
  const mocks = (exams: unknown[], result: ExamAnalysis = analysis()) => ({
    ...HEADER_MOCKS,
    'GET /api/school/session': () => json(200, { result: [SESSION] }),
    'GET /api/school/exam': () => json(200, { result: exams }),
    [`GET /api/school/getallassignclass/${SESSION.sessionId}`]: () => json(200, { result: { items: [classSummary], total: 1, page: 1, pageSize: 100 } }),
    [`GET /api/school/exam/analysis/${PT1}/${CLASS}`]: () => json(200, { result }),
    [`GET /api/school/getassignclass/${CLASS}`]: () => json(200, { result: { ...classSummary, subjectList: [], studentList: [] } }),
  });

  it('shows each subject’s figures, its distribution chart and the students below the pass mark linking to their cards', async () => {
    mockFetch(mocks([exam(PT1, 'Periodic Test 1', 4), exam(HY, 'Half-Yearly', 0)]));
    signIn(113);
    renderApp('/examanalysis');
    const cards = await screen.findAllByTestId('subject-card');
    expect(cards).toHaveLength(2);
    const maths = cards[0]!;
    expect(within(maths).getByText('11 (55%)')).toBeInTheDocument();
    expect(within(maths).getByText('4 of 5')).toBeInTheDocument();
    expect(within(maths).getByRole('img', { name: 'Grade distribution in Mathematics: students per grade' })).toBeInTheDocument();
    const link = within(maths).getByRole('link', { name: 'Open the report card of Chandu Rao' });
    expect(link).toHaveAttribute('href', `/reportcard/${LOW}`);
    expect(within(cards[1]!).getByText('No marks entered in this subject yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Exam')).toHaveValue(PT1);
    expect(screen.getByLabelText('Student')).toBeDisabled();
  });

  it('says so when the session has no exams, or the exam no marks in the class', async () => {
    mockFetch(mocks([]));
    signIn(113);
    const first = renderApp('/examanalysis');
    expect(await screen.findByText(/No exams in this session yet/)).toBeInTheDocument();
    first.unmount();

    mockFetch(mocks([exam(PT1, 'Periodic Test 1', 0)], analysis({ subjects: [analysis().subjects[1]!] })));
    renderApp('/examanalysis');
    expect(await screen.findByText('No marks have been entered for this exam in this class yet.')).toBeInTheDocument();
  });
});
