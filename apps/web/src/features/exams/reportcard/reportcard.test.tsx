import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { CBSE_GRADES, type ClassResults, type ReportCard } from '@shala/contract';
import { setLanguage } from '../../../i18n';
import { HEADER_MOCKS, json, mockFetch, renderApp, renderAt, signIn } from '../../../test/utils';
import { localSubjects, markText, noResultsYet, resultText, scaleText, sortStudents } from './cardText';
import { ReportCardView } from './ReportCardView';

const ME = '7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10';
const CLASS = 'c0000000-0000-4000-8000-000000000001';
const MATHS = '5a000000-0000-4000-8000-000000000001';
const ART = '5a000000-0000-4000-8000-000000000002';
const PT1 = 'e0000000-0000-4000-8000-000000000001';
const t = i18n.t.bind(i18n);

const subjects = [
  { subjectId: ART, name: 'Art', masterCode: null, teacherName: null },
  { subjectId: MATHS, name: 'Maths', masterCode: null, teacherName: 'Ravi Kumar' },
];

function card(over: Partial<ReportCard> = {}): ReportCard {
  return {
    school: { name: 'Demo School', address: null, logo: null },
    sessionId: '11111111-1111-4111-8111-111111111111',
    sessionLabel: '2026-27',
    student: {
      studentId: ME,
      fullName: 'Aarav Verma',
      loginId: 'DEMO-S0001',
      rollNo: 4,
      dateOfBirth: '2015-06-12',
      parentName: 'Sunita Verma',
      assignClassId: CLASS,
      className: '5',
      section: 'A',
      classTeacher: 'Ravi Kumar',
    },
    passPercent: 33,
    grades: [...CBSE_GRADES],
    exams: [{ examId: PT1, name: 'Periodic Test 1', weight: 10, maxMarks: 50, subjectMax: [], status: 'published', termStart: '2026-04-01', termEnd: '2026-07-31' }],
    subjects,
    result: {
      studentId: ME,
      subjects: [
        { subjectId: ART, exams: [{ examId: PT1, mark: { status: 'absent' }, maxMarks: 50, percent: 0, grade: 'E' }], percent: 0, grade: 'E', passed: false },
        { subjectId: MATHS, exams: [{ examId: PT1, mark: { status: 'marked', marks: 45 }, maxMarks: 50, percent: 90, grade: 'A2' }], percent: 90, grade: 'A2', passed: true },
      ],
      exams: [{ examId: PT1, obtained: 45, max: 100, percent: 45, grade: 'C2' }],
      percent: 45,
      grade: 'C2',
      rank: 3,
      passed: false,
      failedSubjects: [ART],
    },
    classSize: 42,
    coAreas: ['work', 'discipline'],
    terms: [{ examId: PT1, co: { work: 'A' }, remark: 'Keeps at it.', attendance: { attended: 45, marked: 50, percent: 90 } }],
    ...over,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
});

describe('the words of results', () => {
  it('writes the result line, marks and the scale', () => {
    expect(resultText(t, { passed: true, failedSubjects: [] }, subjects)).toBe('Passed');
    expect(resultText(t, { passed: false, failedSubjects: [ART, MATHS] }, subjects)).toBe('Needs improvement in Art, Maths');
    expect(resultText(t, { passed: null, failedSubjects: [] }, subjects)).toBeNull();
    expect(markText(t, { status: 'marked', marks: 17.5 }, 20)).toBe('17.5/20');
    expect(markText(t, { status: 'absent' }, 20)).toBe('AB');
    expect(markText(t, { status: 'exempt' }, 20)).toBe('EX');
    expect(markText(t, null, 20)).toBe('—');
    const bands = scaleText(t, CBSE_GRADES);
    expect(bands[0]).toBe('A1 91–100');
    expect(bands[1]).toBe('A2 81–90');
    expect(bands.at(-1)).toBe('E below 33');
  });

  it('names master-list subjects in Hindi for a Hindi reader, and a school’s own or renamed subject as given', () => {
    const list = [
      { subjectId: MATHS, name: 'Mathematics', masterCode: 'MATH', teacherName: null },
      { subjectId: ART, name: 'Drawing', masterCode: 'ART', teacherName: null },
      { subjectId: ME, name: 'Robotics', masterCode: null, teacherName: null },
    ];
    expect(localSubjects(list, 'hi').map((s) => s.name)).toEqual(['गणित', 'Drawing', 'Robotics']);
    expect(localSubjects(list, 'en').map((s) => s.name)).toEqual(['Mathematics', 'Drawing', 'Robotics']);
    const t = i18n.getFixedT('en');
    expect(resultText(t, { passed: false, failedSubjects: [MATHS] }, localSubjects(list, 'hi'))).toBe('Needs improvement in गणित');
  });

  it('sorts by rank (unranked last) or roll, and knows when there is nothing yet', () => {
    const row = (studentId: string, rollNo: number | null, rank: number | null, percent: number | null) =>
      ({ studentId, rollNo, rank, percent, fullName: studentId, loginId: studentId, subjects: [], exams: [], grade: null, passed: null, failedSubjects: [] }) as ClassResults['students'][number];
    const list = [row('a', 1, 2, 50), row('b', 2, null, null), row('c', 3, 1, 80), row('d', null, 2, 50)];
    expect(sortStudents(list, 'rank').map((s) => s.studentId)).toEqual(['c', 'a', 'd', 'b']);
    expect(sortStudents(list, 'roll').map((s) => s.studentId)).toEqual(['a', 'b', 'c', 'd']);
    expect(noResultsYet({ exams: [], students: list })).toBe(true);
    expect(noResultsYet({ exams: card().exams, students: [row('x', 1, null, null)] })).toBe(true);
    expect(noResultsYet({ exams: card().exams, students: list })).toBe(false);
  });
});

describe('ReportCardView', () => {
  it('shows the figures, the result line, the rank, marks, co-scholastic grades, attendance and the remark', () => {
    signIn(115);
    mockFetch(HEADER_MOCKS);
    renderAt(<ReportCardView card={card()} />);
    expect(screen.getByTestId('reportcard-name')).toHaveTextContent('Aarav Verma');
    expect(screen.getByTestId('reportcard-percent')).toHaveTextContent('45%');
    expect(screen.getByTestId('reportcard-grade')).toHaveTextContent('C2');
    expect(screen.getByTestId('reportcard-result')).toHaveTextContent('Needs improvement in Art');
    expect(screen.getByText('3 of 42')).toBeInTheDocument();
    const rows = screen.getAllByTestId('reportcard-subject');
    expect(within(rows[0]!).getByText('AB')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('45/50')).toBeInTheDocument();
    expect(screen.getByText('45 / 50 days (90%)')).toBeInTheDocument();
    expect(screen.getByText('Keeps at it.')).toBeInTheDocument();
    expect(screen.queryByTestId('reportcard-empty')).toBeNull();
  });

  it('says nothing is published yet, in Hindi too', async () => {
    signIn(116);
    mockFetch(HEADER_MOCKS);
    await setLanguage('hi');
    try {
      renderAt(<ReportCardView card={card({ exams: [], terms: [], classSize: null })} />);
      expect(screen.getByTestId('reportcard-empty')).toHaveTextContent('अभी कोई परिणाम नहीं');
      expect(screen.queryByTestId('reportcard-percent')).toBeNull();
    } finally {
      await setLanguage('en');
    }
  });
});

describe('/myresults', () => {
  it("loads the student's own card with its PDF buttons", async () => {
    signIn(116, ME);
    mockFetch({ ...HEADER_MOCKS, [`GET /api/school/exam/reportcard/${ME}`]: () => json(200, { result: card() }) });
    renderApp('/myresults');
    expect(await screen.findByTestId('reportcard-name')).toHaveTextContent('Aarav Verma');
    expect(screen.getByTestId('reportcard-pdf-en')).toBeInTheDocument();
    expect(screen.getByTestId('reportcard-pdf-hi')).toBeInTheDocument();
  });

  it('is a friendly empty state for a student in no class', async () => {
    signIn(116, ME);
    mockFetch({ ...HEADER_MOCKS, [`GET /api/school/exam/reportcard/${ME}`]: () => json(404, { error: 'NOT_FOUND', message: 'Student not found.' }) });
    renderApp('/myresults');
    expect(await screen.findByText('You are not in a class this session')).toBeInTheDocument();
  });
});
