import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CBSE_GRADES } from '@shala/contract';
import { SESSION_FIXTURE as SESSION, examFixture } from '../../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../../test/utils';
import { gradeRanges, gradeRowsOf } from './grades';

const SCHEME = { sessionId: SESSION.sessionId, passPercent: 33, showRank: false, grades: CBSE_GRADES, coAreas: ['work', 'art', 'health', 'discipline'], saved: false };
const EXAM = examFixture({ examId: '22222222-2222-4222-8222-222222222222', name: 'Half-Yearly', weight: 40, maxMarks: 80, termEnd: '2026-09-30' });

describe('the ranges of a grading scale', () => {
  it('runs from each minimum to under the next higher one, the top band to 100', () => {
    const ranges = gradeRanges(gradeRowsOf(CBSE_GRADES));
    expect(ranges[0]).toEqual({ from: 91, below: null });
    expect(ranges[1]).toEqual({ from: 81, below: 91 });
    expect(ranges[7]).toEqual({ from: 0, below: 33 });
  });

  it('leaves out a band without a minimum or with a repeated one, whatever the order', () => {
    expect(
      gradeRanges([
        { grade: 'B', min: 50 },
        { grade: 'A', min: '' },
        { grade: 'C', min: 0 },
        { grade: 'D', min: 50 },
        { grade: 'E', min: 75 },
      ]),
    ).toEqual([null, null, { from: 0, below: 50 }, null, { from: 75, below: null }]);
  });
});

function mocks(exams: unknown[] = [], onSave?: (body: unknown) => void) {
  return mockFetch({
    ...HEADER_MOCKS,
    'GET /api/school/session': () => json(200, { result: [SESSION] }),
    'GET /api/school/exam/scheme': () => json(200, { result: SCHEME }),
    'GET /api/school/exam': () => json(200, { result: exams }),
    'PUT /api/school/exam/scheme': (_url, init) => {
      const body = JSON.parse(String(init.body));
      onSave?.(body);
      return json(200, { result: { ...body, saved: true } });
    },
    'GET /api/school/subject': () => json(200, { result: { items: [], total: 0, page: 1, pageSize: 100 } }),
  });
}

describe('/examscheme', () => {
  it('offers the ready-made schemes while the session has no exams, and shows the scale’s ranges', async () => {
    mocks();
    signIn(113);
    renderApp('/examscheme');
    expect(await screen.findByText('CBSE: two periodic tests and two terms', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Periodic Test 1: weight 10, out of 20')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Use this scheme' })).toHaveLength(3);
    expect(await screen.findByTestId('grade-range-0')).toHaveTextContent('91% to 100%');
    expect(screen.getByTestId('grade-range-1')).toHaveTextContent('81% to under 91%');
    expect(screen.getByTestId('grade-range-7')).toHaveTextContent('0% to under 33%');
  });

  it('refuses a scale with a minimum twice or none at 0 before sending it, and saves a good one', async () => {
    const saved: unknown[] = [];
    mocks([EXAM], (b) => saved.push(b));
    signIn(113);
    const user = userEvent.setup();
    renderApp('/examscheme');
    const weightSum = await screen.findByTestId('weight-sum', {}, { timeout: 10_000 });
    expect(weightSum).toHaveTextContent('The weights add up to 40.');
    expect(screen.getByText(/They need not add up to 100/)).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Grading and results' });

    // A2's minimum made 91, as A1's.
    const a2 = within(form).getByRole('textbox', { name: 'Minimum percentage of grade 2' });
    await user.clear(a2);
    await user.type(a2, '91');
    expect(screen.getByTestId('grade-range-1')).toHaveTextContent('—');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Each grade needs its own minimum')).toBeInTheDocument();

    // Put back; then no band at 0.
    await user.clear(a2);
    await user.type(a2, '81');
    const e = within(form).getByRole('textbox', { name: 'Minimum percentage of grade 8' });
    await user.clear(e);
    await user.type(e, '10');
    expect(screen.getByTestId('grade-range-7')).toHaveTextContent('10% to under 33%');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('One grade must start at 0')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    // Reset to CBSE, then save.
    await user.click(within(form).getByRole('button', { name: 'Reset to CBSE' }));
    expect(screen.getByTestId('grade-range-7')).toHaveTextContent('0% to under 33%');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ sessionId: SESSION.sessionId, passPercent: 33, grades: CBSE_GRADES });
  });
});
