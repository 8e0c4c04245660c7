import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../test/utils';

const SESSION = { sessionId: 'e1e1e1e1-0000-4000-8000-000000000001', sessionYear: '2025-26', startDate: '2025-04-01', endDate: '2026-03-31', isCurrent: true };

describe('the dashboard', () => {
  it("counts the classes of the header's session and the subjects", async () => {
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: [SESSION] }),
      'GET /api/dashboard': () => json(200, { result: { counts: { teachers: 6, students: 30, parents: 1, classes: 10, subjects: 8 } } }),
    });
    signIn(113);
    renderApp('/schooladmin');
    const classes = await screen.findByTestId('count-classes');
    expect(classes).toHaveTextContent('10');
    expect(within(classes).getByText('in 2025-26')).toBeInTheDocument();
    expect(screen.getByTestId('count-subjects')).toHaveTextContent(/Subjects\s*8/);
    // Asked once, with the session.
    const asked = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/dashboard'));
    expect(asked).toEqual([`/api/dashboard?sessionId=${SESSION.sessionId}`]);
  });
});
