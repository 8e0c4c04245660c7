import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../../i18n';
import { HEADER_MOCKS, json, mockFetch, pageOf, renderApp, signIn } from '../../../test/utils';

const subject = (over: Record<string, unknown>) => ({
  subjectId: '44444444-4444-4444-8444-444444444444',
  name: 'Mathematics',
  masterCode: 'MATH',
  status: true,
  createdAt: '2026-04-02T09:00:00.000Z',
  ...over,
});
const MATHS = subject({});
const ROBOTICS = subject({ subjectId: '55555555-5555-4555-8555-555555555555', name: 'Robotics', masterCode: null });

const posts = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('subjects', () => {
  it('lists names in the reader’s language with the status switch and its own confirm; empty state', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/subject': () => json(200, pageOf([ROBOTICS, MATHS])) });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/viewsubject');
    const row = await screen.findByRole('row', { name: /Mathematics/ }, { timeout: 10_000 });
    expect(within(row).getByText('Master list')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Robotics/ })).getByText('Own subject')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add subject' })).toHaveAttribute('href', '/addsubject');
    await user.click(within(row).getByRole('switch', { name: 'Active: Mathematics' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText(/deactivate the subject Mathematics\? It will no longer be offered/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await setLanguage('hi');
    try {
      expect(await screen.findByRole('row', { name: /गणित/ })).toBeInTheDocument();
      // A school's own subject keeps its name.
      expect(screen.getByRole('row', { name: /Robotics/ })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('shows the empty state', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/subject': () => json(200, pageOf([])) });
    signIn(112);
    renderApp('/viewsubject');
    expect(await screen.findByText('No subjects found', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('adds from the master list (the school’s subjects disabled) and by a typed name; a 409 lands on the name', async () => {
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/subject': () => json(200, pageOf([MATHS])),
      'POST /api/school/subject': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { name: string; masterCode: string | null };
        if (body.name.toLowerCase() === 'robotics') {
          return json(409, { error: 'CONFLICT', message: 'taken', reason: 'subject_taken', field: 'name', params: { name: body.name } });
        }
        return json(200, { result: subject({ subjectId: '66666666-6666-4666-8666-666666666666', ...body }) });
      },
    });
    signIn(113);
    const user = userEvent.setup();
    const { router } = renderApp('/addsubject');
    const select = await screen.findByRole('combobox', { name: /^Subject/ }, { timeout: 10_000 });
    await user.click(select);
    // Floating UI cannot measure in jsdom and hides detached dropdowns: query hidden options too.
    const taken = await screen.findByRole('option', { name: /Mathematics · already added/, hidden: true });
    expect(taken).toHaveAttribute('data-combobox-disabled', 'true');
    await user.type(select, 'Hin');
    await user.click(await screen.findByRole('option', { name: 'Hindi', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save and add another' }));
    expect(await screen.findByText('Subject Hindi added.')).toBeInTheDocument();
    expect(posts(fetch, '/api/school/subject')).toEqual([{ name: 'Hindi', masterCode: 'HIN' }]);
    expect(router.state.location.pathname).toBe('/addsubject');

    await user.click(screen.getByRole('radio', { name: 'Type a name' }));
    const name = screen.getByRole('textbox', { name: /Subject name/ });
    await user.type(name, 'ROBOTICS');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('The subject “ROBOTICS” already exists.')).not.toHaveLength(0);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/already exists/);

    await user.clear(name);
    await user.type(name, 'Yoga');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/viewsubject'));
    expect(posts(fetch, '/api/school/subject').at(-1)).toEqual({ name: 'Yoga', masterCode: null });
  });

  it('asks for a subject before sending anything', async () => {
    const fetch = mockFetch({ ...HEADER_MOCKS, 'GET /api/school/subject': () => json(200, pageOf([])) });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/addsubject');
    await user.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 10_000 }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(posts(fetch, '/api/school/subject')).toEqual([]);
  });
});
