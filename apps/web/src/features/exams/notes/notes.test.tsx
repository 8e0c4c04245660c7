import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExamNotes, TeacherClass } from '@shala/contract';
import { examFixture, examSheetFixture } from '../../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../../test/utils';

const EXAM_ID = 'f0000000-0000-4000-8000-000000000001';
const CLASS_ID = 'c0000000-0000-4000-8000-000000000001';
const exam = examFixture({ examId: EXAM_ID, sessionId: 'a0000000-0000-4000-8000-000000000001' });
const cls: TeacherClass = { assignClassId: CLASS_ID, masterClass: '5', className: 'Class 5', section: 'A', isClassTeacher: true, subjects: [], students: 2 };
const kid = (i: number, name: string) => ({
  studentId: `e0000000-0000-4000-8000-00000000000${i}`,
  rollNo: i,
  fullName: name,
  co: {},
  remark: null,
  attendance: { attended: 58, marked: 62, percent: 93.5 },
});
const notes: ExamNotes = {
  ...examSheetFixture(EXAM_ID, CLASS_ID),
  coAreas: ['work', 'discipline'],
  students: [kid(1, 'Asha Verma'), { ...kid(2, 'Bilal Khan'), co: { work: 'B' }, remark: 'Neat work.', attendance: { attended: 0, marked: 0, percent: null } }],
};

describe('/examremarks', () => {
  it('shows the term’s attendance and the scheme’s areas, and saves the changed students in one request', async () => {
    signIn(114);
    let body: unknown = null;
    const url = `/api/school/exam/${EXAM_ID}/notes/${CLASS_ID}`;
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/exam': () => json(200, { result: [exam] }),
      'GET /api/school/assignclassteachersubject': () => json(200, { result: [cls] }),
      [`GET ${url}`]: () => json(200, { result: notes }),
      [`PUT ${url}`]: (_u, init) => {
        body = JSON.parse(String(init.body));
        return json(200, { result: notes });
      },
    });
    renderApp('/examremarks');
    const cards = await screen.findAllByTestId('note-card');
    expect(within(cards[0]!).getByText('Attendance: 58/62 days, 93.5%')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('No attendance marked in this term')).toBeInTheDocument();
    expect(within(cards[0]!).queryByLabelText('Art education')).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(within(cards[0]!).getByLabelText('Work education'), 'A');
    await user.type(within(cards[0]!).getByLabelText("Class teacher's remark"), 'Works hard.');
    await user.selectOptions(within(cards[1]!).getByLabelText('Work education'), '');
    expect(screen.getByText('Students changed, not saved: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save grades and remarks' }));
    await waitFor(() =>
      expect(body).toEqual({
        notes: [
          { studentId: kid(1, '').studentId, co: { work: 'A' }, remark: 'Works hard.' },
          { studentId: kid(2, '').studentId, co: {}, remark: 'Neat work.' },
        ],
      }),
    );
  });

  it('says when the teacher is class teacher of no class', async () => {
    signIn(114);
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/exam': () => json(200, { result: [exam] }),
      'GET /api/school/assignclassteachersubject': () => json(200, { result: [{ ...cls, isClassTeacher: false }] }),
    });
    renderApp('/examremarks');
    expect(await screen.findByText('You are not the class teacher of any class in this session.')).toBeInTheDocument();
  });
});
