import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_FIXTURE as SESSION, examFixture } from '../../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../../test/utils';

const EXAM_ID = '22222222-2222-4222-8222-222222222222';
const CLASS_ID = '33333333-3333-4333-8333-333333333333';
const MATHS = '44444444-4444-4444-8444-444444444444';
const ART = '55555555-5555-4555-8555-555555555555';
const exam = (status: 'draft' | 'locked' | 'published') =>
  examFixture({
    examId: EXAM_ID,
    name: 'Half-Yearly',
    weight: 40,
    maxMarks: 80,
    termEnd: '2026-09-30',
    status,
    lockedAt: status === 'draft' ? null : '2026-10-01T05:00:00.000Z',
    publishedAt: status === 'published' ? '2026-10-02T05:00:00.000Z' : null,
    markCount: 3,
  });
const COMPLETION = {
  items: [
    {
      assignClassId: CLASS_ID,
      className: '5',
      section: 'A',
      students: 2,
      subjects: [
        { subjectId: MATHS, subjectName: 'Mathematics', teacherName: 'Meera Rao', maxMarks: 80, entered: 2 },
        { subjectId: ART, subjectName: 'Art', teacherName: null, maxMarks: 80, entered: 1 },
      ],
    },
  ],
  total: 1,
  page: 1,
  pageSize: 10,
  complete: 1,
  slots: 2,
};
const OTHER_CLASS = '66666666-6666-4666-8666-666666666666';
/** Every class of the session: 5 A misses Art's marks, 6 B is complete. */
const classes = (published: boolean) => [
  { assignClassId: CLASS_ID, className: '5', section: 'A', complete: false, missing: ['Art'], published },
  { assignClassId: OTHER_CLASS, className: '6', section: 'B', complete: true, missing: [], published },
];

function mocks(role: number) {
  let status: 'draft' | 'locked' | 'published' = 'draft';
  const fetch = mockFetch({
    ...HEADER_MOCKS,
    'GET /api/school/session': () => json(200, { result: [SESSION] }),
    'GET /api/school/exam': () => json(200, { result: [exam(status)] }),
    [`GET /api/school/exam/${EXAM_ID}/completion`]: () => json(200, { result: { ...COMPLETION, classes: classes(status === 'published') } }),
    [`GET /api/school/exam/${EXAM_ID}/corrections`]: () => json(200, { result: { items: [], total: 0, page: 1, pageSize: 10 } }),
    [`POST /api/school/exam/${EXAM_ID}/publish`]: () => {
      status = 'published';
      return json(200, { result: exam(status) });
    },
  });
  signIn(role);
  return fetch;
}

describe('/exams', () => {
  it('shows the completion per class and subject, with links to the marks, remarks and results', async () => {
    mocks(113);
    renderApp('/exams');
    expect(await screen.findByText('1 of 2 class subjects complete', {}, { timeout: 10_000 })).toBeInTheDocument();
    const maths = screen.getByRole('link', { name: 'Mathematics 2/2, Complete.' });
    expect(maths).toHaveAttribute('href', expect.stringContaining(`/marks?examId=${EXAM_ID}&assignClassId=${CLASS_ID}&subjectId=${MATHS}`));
    expect(screen.getByRole('link', { name: 'Art 1/2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Results of 5 A' })).toHaveAttribute('href', expect.stringContaining(`/examresults/${CLASS_ID}`));
    expect(screen.getByRole('link', { name: 'Remarks and co-scholastic grades of 5 A' })).toHaveAttribute('href', expect.stringContaining(`/examremarks?examId=${EXAM_ID}&assignClassId=${CLASS_ID}`));
    expect(screen.getByText('No marks have been corrected.')).toBeInTheDocument();
  });

  it('lists the incomplete classes by subject; publishes the chosen complete classes, or all only with a reason', async () => {
    const fetch = mocks(113);
    const user = userEvent.setup();
    renderApp('/exams');
    const status = await screen.findByRole('region', { name: 'Half-Yearly' }, { timeout: 10_000 });
    await waitFor(() => expect(within(status).getByTestId('incomplete-classes')).toHaveTextContent('5 A — Missing: Art'));
    expect(within(status).getByTestId('incomplete-classes')).not.toHaveTextContent('6 B');
    const published = () => fetch.mock.calls.filter(([url, init]) => String(url).endsWith('/publish') && init?.method === 'POST');

    await user.click(within(status).getByRole('button', { name: 'Publish results' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Marks are missing in 1 classes: 5 A.');
    // Only the complete classes can be chosen (the complete one is, at first).
    expect(within(dialog).getByRole('checkbox', { name: '5 A (marks missing)' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: '6 B' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: '6 B' }));
    expect(within(dialog).getByRole('button', { name: 'Publish results' })).toBeDisabled();
    // All anyway: only with a reason.
    await user.click(within(dialog).getByRole('radio', { name: 'All classes anyway, with a reason' }));
    expect(within(dialog).getByRole('button', { name: 'Publish results' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Why publish with marks missing/ }), 'Art is graded next week');
    await user.click(within(dialog).getByRole('button', { name: 'Publish results' }));
    await waitFor(() => expect(published()).toHaveLength(1));
    expect(JSON.parse(String(published()[0]![1]!.body))).toEqual({ confirmIncomplete: true, reason: 'Art is graded next week' });
    await waitFor(() => expect(within(status).getByRole('button', { name: 'Withdraw results' })).toBeInTheDocument());
    expect(within(status).queryByRole('button', { name: 'Publish results' })).toBeNull();
  });

  it('publishes only after a confirmation that says students and parents will be told', async () => {
    const fetch = mocks(113);
    const user = userEvent.setup();
    renderApp('/exams');
    const status = await screen.findByRole('region', { name: 'Half-Yearly' }, { timeout: 10_000 });
    const published = () => fetch.mock.calls.filter(([url, init]) => String(url).endsWith('/publish') && init?.method === 'POST');

    await user.click(await within(status).findByRole('button', { name: 'Publish results' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Students and parents of the classes you publish will see the results and be told');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(published()).toHaveLength(0);

    await user.click(within(status).getByRole('button', { name: 'Publish results' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Publish results' }));
    await waitFor(() => expect(published()).toHaveLength(1));
    expect(JSON.parse(String(published()[0]![1]!.body))).toEqual({ classIds: [OTHER_CLASS] });
    await waitFor(() => expect(within(status).getByText('Published')).toBeInTheDocument());
    expect(within(status).queryByRole('button', { name: 'Publish results' })).toBeNull();
    expect(within(status).queryByRole('button', { name: 'Unlock' })).toBeNull();
    // A published exam's marks are corrected, with a reason.
    expect(screen.getByRole('button', { name: 'Correct a mark' })).toBeInTheDocument();
  });

  it('shows a system admin no lock, publish or correction buttons', async () => {
    mocks(112);
    renderApp('/exams');
    const status = await screen.findByRole('region', { name: 'Half-Yearly' }, { timeout: 10_000 });
    expect(within(status).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Correct a mark' })).toBeNull();
  });

  it('corrects a mark of a locked exam: the current mark shown, a mark above the maximum refused at once, then saved with its reason', async () => {
    const STUDENT = '66666666-6666-4666-8666-666666666666';
    const posted: unknown[] = [];
    const fetch = mocks(113);
    const base = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.includes('/api/school/exam?') || url.endsWith('/api/school/exam')) return json(200, { result: [exam('locked')] });
      if (url.includes(`/marks/${CLASS_ID}/${MATHS}`)) {
        return json(200, {
          result: {
            examId: EXAM_ID,
            examName: 'Half-Yearly',
            status: 'locked',
            assignClassId: CLASS_ID,
            className: '5',
            section: 'A',
            subjectId: MATHS,
            subjectName: 'Mathematics',
            maxMarks: 80,
            students: [{ studentId: STUDENT, rollNo: 1, fullName: 'Asha Verma', loginId: 'DEMO-S0001', mark: { status: 'marked', marks: 60 } }],
          },
        });
      }
      if (url.endsWith('/corrections') && init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json(200, {
          result: {
            correctionId: '77777777-7777-4777-8777-777777777777',
            examId: EXAM_ID,
            studentId: STUDENT,
            studentName: 'Asha Verma',
            className: '5',
            section: 'A',
            subjectId: MATHS,
            subjectName: 'Mathematics',
            before: { status: 'marked', marks: 60 },
            after: { status: 'marked', marks: 75 },
            reason: 'Re-totalled',
            correctedBy: 'Principal',
            createdAt: '2026-10-03T05:00:00.000Z',
          },
        });
      }
      return base(input, init);
    });
    const user = userEvent.setup();
    renderApp('/exams');
    await user.click(await screen.findByRole('button', { name: 'Correct a mark' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    const choose = async (label: string, option: string) => {
      await user.click(await within(dialog).findByRole('combobox', { name: new RegExp(`^${label}`) }));
      await user.click(await screen.findByRole('option', { name: option, hidden: true }));
    };
    await choose('Class', '5 A');
    await choose('Subject', 'Mathematics');
    await choose('Student', '1. Asha Verma');
    expect(await within(dialog).findByTestId('current-mark')).toHaveTextContent('Current mark: 60 (out of 80)');
    const marks = within(dialog).getByRole('textbox', { name: 'Marks (out of 80)' });
    await user.type(marks, '90');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Re-totalled');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByText('Marks cannot be more than the maximum (80).')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.clear(marks);
    await user.type(marks, '75');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ assignClassId: CLASS_ID, subjectId: MATHS, studentId: STUDENT, mark: { status: 'marked', marks: 75 }, reason: 'Re-totalled' });
  });
});
