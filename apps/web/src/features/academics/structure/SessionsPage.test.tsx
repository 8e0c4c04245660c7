import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEEK_DAYS } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../../test/utils';

const CURRENT = { sessionId: '11111111-1111-4111-8111-111111111111', sessionYear: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', isCurrent: true };
const OLD = { sessionId: '22222222-2222-4222-8222-222222222222', sessionYear: '2025-26', startDate: '2025-04-01', endDate: '2026-03-31', isCurrent: false };
const weeks = (sunday: boolean) => WEEK_DAYS.map((d) => ({ ...d, isSchoolDay: d.day !== 7 || sunday }));

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method);

describe('sessions screen', () => {
  it('lists sessions with the current one marked; adds next year’s, the overlap landing on the start date; the header picker refreshes', async () => {
    let sessions = [CURRENT, OLD];
    let posts = 0;
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: sessions }),
      'GET /api/school/masterweeks': () => json(200, { result: weeks(false) }),
      'POST /api/school/session': (_url, init) => {
        posts++;
        const body = JSON.parse(String(init.body)) as { label: string; startDate: string; endDate: string };
        if (posts === 1) return json(409, { error: 'CONFLICT', message: 'overlap', reason: 'session_overlap', field: 'startDate', params: { label: '2026-27' } });
        const made = { sessionId: '33333333-3333-4333-8333-333333333333', sessionYear: body.label, startDate: body.startDate, endDate: body.endDate, isCurrent: false };
        sessions = [made, ...sessions];
        return json(200, { result: made });
      },
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/viewsessions');
    const table = await screen.findByRole('table', { name: 'Sessions of the school' }, { timeout: 10_000 });
    const current = within(table).getByRole('row', { name: /2026-27/ });
    expect(within(current).getByText('Current')).toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: /Mark current/ })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Mark current: 2025-26' })).toBeInTheDocument();
    // School days: Monday to Saturday, Sunday off.
    expect(await screen.findByText('Saturday')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Sunday is a school day' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Add session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add session' });
    expect(within(dialog).getByRole('textbox', { name: /^Session/ })).toHaveValue('2027-28');
    const start = within(dialog).getByLabelText(/Starts on/);
    expect(start).toHaveValue('1 Apr 2027');
    expect(within(dialog).getByLabelText(/Ends on/)).toHaveValue('31 Mar 2028');
    await user.clear(start);
    await user.type(start, '2027-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add session' }));
    // On the field, and above the buttons.
    expect(await within(dialog).findAllByText('These dates overlap the session 2026-27.')).toHaveLength(2);
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveAccessibleDescription(/overlap the session 2026-27/);

    const before = calls(fetch, 'GET', '/api/school/session').length;
    await user.clear(start);
    await user.type(start, '2027-04-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add session' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add session' })).toBeNull());
    expect(await screen.findByText('Session 2027-28 added.')).toBeInTheDocument();
    expect(JSON.parse(String(calls(fetch, 'POST', '/api/school/session').at(-1)?.[1]?.body))).toEqual({ label: '2027-28', startDate: '2027-04-01', endDate: '2028-03-31', isCurrent: false });
    // The sessions query (the header picker's) is read again and shows the new one.
    await waitFor(() => expect(calls(fetch, 'GET', '/api/school/session').length).toBeGreaterThan(before));
    expect(await within(table).findByRole('row', { name: /2027-28/ })).toBeInTheDocument();
  });

  it('refuses a label not like 2026-27 in the browser', async () => {
    const fetch = mockFetch({ ...HEADER_MOCKS, 'GET /api/school/session': () => json(200, { result: [CURRENT] }), 'GET /api/school/masterweeks': () => json(200, { result: weeks(false) }) });
    signIn(112);
    const user = userEvent.setup();
    renderApp('/viewsessions');
    await user.click(await screen.findByRole('button', { name: 'Edit session 2026-27' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit session 2026-27' });
    const label = within(dialog).getByRole('textbox', { name: /^Session/ });
    await user.clear(label);
    await user.type(label, '2026-28');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Enter the year as 2026-27 (the second year follows the first)')).toBeInTheDocument();
    await user.clear(label);
    await user.type(label, '2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Enter the year as 2026-27 (the second year follows the first)')).toBeInTheDocument();
    expect(calls(fetch, 'PATCH', `/api/school/session/${CURRENT.sessionId}`)).toHaveLength(0);
  });

  it('marks a session current after the confirm, and switches Sunday on', async () => {
    let sessions = [CURRENT, OLD];
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: sessions }),
      'GET /api/school/masterweeks': () => json(200, { result: weeks(false) }),
      [`PATCH /api/school/session/${OLD.sessionId}/current`]: () => {
        sessions = [{ ...CURRENT, isCurrent: false }, { ...OLD, isCurrent: true }];
        return json(200, { result: { ...OLD, isCurrent: true } });
      },
      'PUT /api/school/masterweeks': () => json(200, { result: weeks(true) }),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/viewsessions');
    await user.click(await screen.findByRole('button', { name: 'Mark current: 2025-26' }, { timeout: 10_000 }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText(/make 2025-26 the current session/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, make it current!' }));
    expect(await screen.findByText('2025-26 is now the current session.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Sessions of the school' });
    await waitFor(() => expect(within(within(table).getByRole('row', { name: /2025-26/ })).getByText('Current')).toBeInTheDocument());
    expect(within(table).getByRole('button', { name: 'Mark current: 2026-27' })).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Sunday is a school day' }));
    expect(await screen.findByText('Sunday is now a school day.')).toBeInTheDocument();
    expect(JSON.parse(String(calls(fetch, 'PUT', '/api/school/masterweeks')[0]?.[1]?.body))).toEqual({ sundayWorking: true });
    expect(screen.getByRole('switch', { name: 'Sunday is a school day' })).toBeChecked();
  });
});
