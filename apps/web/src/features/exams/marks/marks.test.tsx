import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarkSheet, TeacherClass } from '@shala/contract';
import { examFixture, examSheetFixture } from '../../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, renderApp, renderAt, signIn } from '../../../test/utils';
import { MarksGrid } from './MarksGrid';
import { parseCell, pastedColumn } from './markCells';

const EXAM_ID = 'f0000000-0000-4000-8000-000000000001';
const CLASS_ID = 'c0000000-0000-4000-8000-000000000001';
const SUBJECT_ID = 'b0000000-0000-4000-8000-000000000001';
const SESSION_ID = 'a0000000-0000-4000-8000-000000000001';
const kid = (i: number, name: string) => ({ studentId: `e0000000-0000-4000-8000-00000000000${i}`, rollNo: i, fullName: name, loginId: `DEMO-S000${i}`, mark: null });

function sheet(over: Partial<MarkSheet> = {}): MarkSheet {
  return {
    ...examSheetFixture(EXAM_ID, CLASS_ID),
    subjectId: SUBJECT_ID,
    subjectName: 'Mathematics',
    maxMarks: 20,
    students: [kid(1, 'Asha Verma'), kid(2, 'Bilal Khan'), kid(3, 'Chitra Iyer'), { ...kid(4, 'Dev Rao'), mark: { status: 'marked', marks: 12 } }],
    ...over,
  };
}

const cells = () => screen.getAllByRole('textbox') as HTMLInputElement[];

function renderGrid(s = sheet()) {
  const onSave = vi.fn(async () => true);
  renderAt(<MarksGrid sheet={s} editable saving={false} onSave={onSave} />);
  return onSave;
}

describe('mark cells', () => {
  it('reads numbers, AB and EX; refuses above the maximum, two decimals and words', () => {
    expect(parseCell('17.5', 20)).toEqual({ ok: true, mark: { status: 'marked', marks: 17.5 } });
    expect(parseCell('17,5', 20)).toEqual({ ok: true, mark: { status: 'marked', marks: 17.5 } });
    expect(parseCell('20', 20)).toEqual({ ok: true, mark: { status: 'marked', marks: 20 } });
    expect(parseCell('0', 20)).toEqual({ ok: true, mark: { status: 'marked', marks: 0 } });
    expect(parseCell(' ab ', 20)).toEqual({ ok: true, mark: { status: 'absent' } });
    expect(parseCell('A', 20)).toEqual({ ok: true, mark: { status: 'absent' } });
    expect(parseCell('ex', 20)).toEqual({ ok: true, mark: { status: 'exempt' } });
    expect(parseCell('', 20)).toEqual({ ok: true, mark: null });
    expect(parseCell('20.5', 20)).toEqual({ ok: false, error: { kind: 'above', max: 20 } });
    expect(parseCell('7.25', 20)).toEqual({ ok: false, error: { kind: 'decimal' } });
    expect(parseCell('-1', 20)).toEqual({ ok: false, error: { kind: 'invalid' } });
    expect(parseCell('seven', 20)).toEqual({ ok: false, error: { kind: 'invalid' } });
  });

  it('splits a pasted column (first column of each line, trailing newline dropped)', () => {
    expect(pastedColumn('17\n18.5\nAB\n')).toEqual(['17', '18.5', 'AB']);
    expect(pastedColumn('17\t x\r\n18\r\n')).toEqual(['17', '18']);
    expect(pastedColumn('17')).toBeNull();
  });
});

describe('marks grid', () => {
  it('moves with Tab, Enter and arrows', async () => {
    renderGrid();
    const user = userEvent.setup();
    await user.click(cells()[0]!);
    await user.keyboard('15{Tab}');
    expect(document.activeElement).toBe(cells()[1]);
    await user.keyboard('16{Enter}');
    expect(document.activeElement).toBe(cells()[2]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(cells()[1]);
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(document.activeElement).toBe(cells()[0]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(cells()[2]);
    expect(cells().map((c) => c.value)).toEqual(['15', '16', '', '12']);
  });

  it('fills the cell and those below from a pasted column', () => {
    renderGrid();
    fireEvent.paste(cells()[1]!, { clipboardData: { getData: () => '17\n18.5\nAB\n' } });
    expect(cells().map((c) => c.value)).toEqual(['', '17', '18.5', 'AB']);
  });

  it('refuses a mark above the maximum at once and disables Save', async () => {
    renderGrid();
    const user = userEvent.setup();
    await user.type(cells()[0]!, '21');
    expect(cells()[0]).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Marks cannot be more than the maximum (20).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /save marks/i })).toBeDisabled();
    await user.clear(cells()[0]!);
    await user.type(cells()[0]!, '20');
    expect(cells()[0]).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: /save marks/i })).toBeEnabled();
  });

  it('sends only the changed marks: numbers, Absent, Exempt and a cleared mark', async () => {
    const onSave = renderGrid();
    const user = userEvent.setup();
    await user.type(cells()[0]!, '17.5');
    await user.click(screen.getByRole('button', { name: 'Bilal Khan was absent' }));
    await user.type(cells()[2]!, 'ex');
    await user.clear(cells()[3]!);
    expect(screen.getByText('Changes not saved: 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /save marks/i }));
    expect(onSave).toHaveBeenCalledWith([
      { studentId: kid(1, '').studentId, mark: { status: 'marked', marks: 17.5 } },
      { studentId: kid(2, '').studentId, mark: { status: 'absent' } },
      { studentId: kid(3, '').studentId, mark: { status: 'exempt' } },
      { studentId: kid(4, '').studentId, mark: null },
    ]);
  });
});

describe('/marks', () => {
  const exam = examFixture({ examId: EXAM_ID, sessionId: SESSION_ID });
  const cls: TeacherClass = { assignClassId: CLASS_ID, masterClass: '5', className: 'Class 5', section: 'A', isClassTeacher: true, subjects: [{ subjectId: SUBJECT_ID, name: 'Mathematics', masterCode: 'MATH' }], students: 4 };
  const url = `/api/school/exam/${EXAM_ID}/marks/${CLASS_ID}/${SUBJECT_ID}`;

  it('loads the teacher’s sheet and saves the whole class in one request', async () => {
    signIn(114);
    let body: unknown = null;
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/exam': () => json(200, { result: [exam] }),
      'GET /api/school/assignclassteachersubject': () => json(200, { result: [cls] }),
      [`GET ${url}`]: () => json(200, { result: sheet() }),
      [`PUT ${url}`]: (_u, init) => {
        body = JSON.parse(String(init.body));
        return json(200, { result: sheet({ students: sheet().students.map((s, i) => (i === 0 ? { ...s, mark: { status: 'marked', marks: 9 } } : s)) }) });
      },
    });
    renderApp('/marks');
    const user = userEvent.setup();
    const first = await screen.findByRole('textbox', { name: 'Marks of Asha Verma' });
    await user.type(first, '9');
    await user.click(screen.getByRole('button', { name: /save marks/i }));
    await waitFor(() => expect(body).toEqual({ marks: [{ studentId: kid(1, '').studentId, mark: { status: 'marked', marks: 9 } }] }));
    await waitFor(() => expect(screen.getByText('All marks saved')).toBeInTheDocument());
  });

  it('shows a locked exam read-only, and an empty state without exams', async () => {
    signIn(114);
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/exam': () => json(200, { result: [{ ...exam, status: 'locked', lockedAt: '2026-07-01T00:00:00.000Z' }] }),
      'GET /api/school/assignclassteachersubject': () => json(200, { result: [cls] }),
      [`GET ${url}`]: () => json(200, { result: sheet({ status: 'locked' }) }),
    });
    renderApp('/marks');
    expect(await screen.findByText('Read only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /save marks/i })).toBeNull();
  });

  it('says when the session has no exams', async () => {
    signIn(114);
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/exam': () => json(200, { result: [] }) });
    renderApp('/marks');
    expect(await screen.findByText(/No exams in this session yet/)).toBeInTheDocument();
  });
});
