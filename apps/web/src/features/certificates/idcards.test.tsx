import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classSummaryFixture } from '../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, pageOf, renderApp, signIn } from '../../test/utils';

const SESSION = { sessionId: 'a0000000-0000-4000-8000-000000000001', sessionYear: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', isCurrent: true };
const CLASS_4A = classSummaryFixture({ sessionId: SESSION.sessionId, masterClass: '4', className: '4', students: 30, teachers: 4, subjects: 5, status: 'complete', createdAt: '2026-04-02T09:00:00.000Z' });

describe('/idcards', () => {
  it('keeps the class picker waiting (not "no classes") until the session and its classes are known', async () => {
    let sessionsAnswer: (r: Response) => void = () => undefined;
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => new Promise<Response>((resolve) => (sessionsAnswer = resolve)),
      'GET /api/school/class': () => json(200, pageOf([CLASS_4A])),
      'GET /api/school/idcards': () => json(200, pageOf([])),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/idcards');
    const picker = await screen.findByRole('combobox', { name: 'Class' }, { timeout: 10_000 });
    expect(picker).toBeDisabled();
    sessionsAnswer(json(200, { result: [SESSION] }));
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    expect(await screen.findByRole('option', { name: 'Class 4 – A', hidden: true })).toBeInTheDocument();
  });
});
