import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HEADER_MOCKS, json, mockFetch, pageOf, personFixture, renderApp, signIn } from '../../test/utils';

function queryOf(fetch: ReturnType<typeof mockFetch>, path: string) {
  return fetch.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.split('?')[0] === path)
    .map((url) => new URL(url, 'http://x').searchParams);
}

const STUDENTS = Array.from({ length: 20 }, (_, i) =>
  personFixture({
    userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    loginId: `DEMO-S${String(i + 1).padStart(4, '0')}`,
    roleId: 116,
    fullName: `Student ${i + 1}`,
    parentId: i === 0 ? 'cccccccc-bbbb-4ccc-8ddd-eeeeeeeeeeee' : null,
    parentName: i === 0 ? 'Meera Shah' : null,
  }),
);

describe('people lists', () => {
  it("shows the spec's empty state", async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/teacher': () => json(200, pageOf([])) });
    signIn(113);
    renderApp('/viewteachers');
    expect(await screen.findByText('No teachers found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add teacher' })).toHaveAttribute('href', '/addteacher');
  });

  it('shows an error state with a retry button', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/parent': () => json(403, { error: 'FORBIDDEN', message: 'no' }) });
    signIn(113);
    renderApp('/viewparents');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have permission to do this.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('pages on the server, shows the parent of each student and searches after 500 ms', async () => {
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/student': (url) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
        return json(200, pageOf(page === 1 ? STUDENTS : STUDENTS.slice(0, 5).map((s, i) => ({ ...s, userId: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`, fullName: `Later ${i}` })), 45, page));
      },
    });
    signIn(112);
    const user = userEvent.setup();
    const { router } = renderApp('/viewstudent');
    const first = await screen.findByRole('row', { name: /Student 1 DEMO-S0001/ });
    expect(within(first).getByRole('link', { name: 'Meera Shah' })).toHaveAttribute('href', '/DetailsParent/cccccccc-bbbb-4ccc-8ddd-eeeeeeeeeeee');
    expect(within(first).getByRole('switch', { name: /^Active: / })).toBeChecked();
    expect(screen.getByText('Showing 1–20 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Later 0')).toBeInTheDocument();
    expect(queryOf(fetch, '/api/school/student').at(-1)?.get('page')).toBe('2');
    expect(screen.getByText('Showing 21–40 of 45')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'DEMO-S0003');
    await waitFor(() => expect(queryOf(fetch, '/api/school/student').at(-1)?.get('search')).toBe('DEMO-S0003'));
    const last = queryOf(fetch, '/api/school/student').at(-1);
    expect(last?.get('page')).toBe('1'); // a new search starts at the first page
    expect(queryOf(fetch, '/api/school/student').filter((q) => q.get('search')?.startsWith('DEMO')).length).toBe(1); // debounced

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    await waitFor(() => expect(queryOf(fetch, '/api/school/student').at(-1)?.get('status')).toBe('inactive'));
    expect(router.state.location.search).toBe('?q=DEMO-S0003&status=inactive');

    // The menu link (no query) resets the box and the filters, and they stay reset.
    await act(() => router.navigate('/viewstudent'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue(''));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('all');
  });

  it('shows a broad search counted up to the cap as "1,000+"', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/student': () => json(200, { result: { ...pageOf(STUDENTS, 1000).result, totalCapped: true } }) });
    signIn(112);
    renderApp('/viewstudent?q=verma');
    expect(await screen.findByText('Showing 1–20 of 1,000+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 50' })).toBeInTheDocument();
  });

  it('asks before deactivating and toasts the success', async () => {
    let status = true;
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/parent': () => json(200, pageOf([personFixture({ roleId: 115, fullName: 'Meera Shah', loginId: 'DEMO-G0003', status })])),
      'PATCH /api/school/parent/11111111-2222-4333-8444-555555555555/status': (_url, init) => {
        status = (JSON.parse(String(init.body)) as { status: boolean }).status;
        return json(200, { result: personFixture({ roleId: 115, fullName: 'Meera Shah', status }) });
      },
    });
    signIn(112);
    const user = userEvent.setup();
    renderApp('/viewparents');
    const row = await screen.findByRole('row', { name: /Meera Shah/ });
    await user.click(within(row).getByRole('switch', { name: /^Active: / }));
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    expect(screen.getByText(/Do you want to deactivate Meera Shah\?/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, deactivate!' }));
    expect(await screen.findByText('Meera Shah is now inactive.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('row', { name: /Meera Shah/ })).getByRole('switch', { name: /^Active: / })).not.toBeChecked());
  });

  it('lists schools with the Draft filter and the empty state', async () => {
    const fetch = mockFetch({ ...HEADER_MOCKS, 'GET /api/schools': () => json(200, pageOf([])) });
    signIn(111);
    const user = userEvent.setup();
    renderApp('/viewSchool');
    expect(await screen.findByText('No schools found')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'draft');
    await waitFor(() => expect(queryOf(fetch, '/api/schools').at(-1)?.get('status')).toBe('draft'));
  });
});
