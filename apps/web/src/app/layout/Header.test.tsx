import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCookie } from '../../api/cookies';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../test/utils';
import { wireClient } from '../session';
import { i18n } from '../../i18n';
import { ioMock, listenerFor } from '../../test/socketMock';

const NOTE = {
  id: '3b0f7e2c-1d4a-4c6b-9f8e-0a1b2c3d4e5f',
  senderId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  fullName: 'Ravi Kumar',
  kind: 'other' as const,
  link: null,
  message: 'Class 5 timetable is ready',
  params: {},
  timestamp: '2025-06-01T09:30:00.000Z',
  read: false,
};

const SESSIONS = ['2023-24', '2024-25', '2025-26'].map((year, i) => ({
  sessionId: `00000000-0000-4000-8000-00000000000${i}`,
  sessionYear: year,
  startDate: `${2023 + i}-04-01`,
  endDate: `${2024 + i}-03-31`,
  isCurrent: false,
}));

describe('header', () => {
  it('shows the unread badge, lists notifications and marks them read when opened', async () => {
    let unread = 1;
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/notifications': () =>
        json(200, { result: { items: [{ ...NOTE, read: unread === 0 }], total: 1, page: 1, pageSize: 20, unread } }),
      'PATCH /api/notifications/read': () => {
        unread = 0;
        return json(200, { result: { unread: 0 } });
      },
    });
    signIn(112);
    const user = userEvent.setup();
    renderApp('/systemadmin');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(bell.parentElement).toHaveTextContent('1'));

    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(dialog).getByText('Class 5 timetable is ready')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url, init]) => url === '/api/notifications/read' && init?.method === 'PATCH')).toBe(true),
    );
    await waitFor(() => expect(bell.parentElement).not.toHaveTextContent('1'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('connects to /socket.io with the token and raises the badge when a notification arrives', async () => {
    let unread = 0;
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/notifications': () =>
        json(200, { result: { items: unread ? [NOTE] : [], total: unread, page: 1, pageSize: 20, unread } }),
    });
    signIn(112);
    const calls = ioMock.mock.calls.length;
    renderApp('/systemadmin');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    // The socket connects once the page has settled (its calls answered), not at once.
    await waitFor(() => expect(ioMock.mock.calls.length).toBeGreaterThan(calls));
    expect(ioMock.mock.calls.at(-1)?.[0]).toMatchObject({
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      timeout: 20000,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      auth: { token: 'test-token' },
    });
    expect(bell.parentElement).not.toHaveTextContent('1');
    unread = 1;
    act(() => listenerFor('notification')?.(NOTE));
    await waitFor(() => expect(bell.parentElement).toHaveTextContent('1'));
  });

  it('refreshes the notice board on screen when a notice notification arrives', async () => {
    let boardCalls = 0;
    const notice = {
      noticeId: '5c7e2a10-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
      title: 'Sports day on Friday',
      description: 'Everyone in whites.',
      date: '2026-11-20',
      roles: [112],
      status: true,
      authorName: 'Anita Sharma',
      createdAt: '2026-11-20T04:00:00.000Z',
      updatedAt: '2026-11-20T04:00:00.000Z',
    };
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/noticeboard/board': () => {
        boardCalls++;
        const items = boardCalls > 1 ? [notice] : [];
        return json(200, { result: { items, total: items.length, page: 1, pageSize: 5 } });
      },
    });
    signIn(112);
    const calls = ioMock.mock.calls.length;
    renderApp('/systemadmin');
    await waitFor(() => expect(boardCalls).toBe(1));
    await waitFor(() => expect(ioMock.mock.calls.length).toBeGreaterThan(calls));
    expect(screen.queryByText('Sports day on Friday')).toBeNull();
    act(() => listenerFor('notification')?.({ ...NOTE, kind: 'notice', link: '/dashboard', message: 'Sports day on Friday' }));
    expect(await screen.findByText('Sports day on Friday', { selector: '[data-testid="board-notice"] *' })).toBeInTheDocument();
  });

  it("says 'No new notifications' when there are none", async () => {
    mockFetch({ ...HEADER_MOCKS, 'PATCH /api/notifications/read': () => json(200, { result: { unread: 0 } }) });
    signIn(112);
    const user = userEvent.setup();
    renderApp('/systemadmin');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No new notifications')).toBeInTheDocument();
  });

  it('logs out after the confirmation: signs out, removes the cookies and goes to /', async () => {
    const fetch = mockFetch({ ...HEADER_MOCKS, 'POST /api/signout': () => json(200, { message: 'Signed out' }) });
    signIn(112);
    const user = userEvent.setup();
    const { router } = renderApp('/systemadmin');
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Do you really want to log out?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, log out!' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/signout' && init?.method === 'POST')).toBe(true);
    for (const name of ['token', 'UserID', 'role', 'schoolId']) expect(getCookie(name)).toBeNull();
  });

  it('offers role-specific profile menu items', async () => {
    mockFetch(HEADER_MOCKS);
    signIn(114);
    const user = userEvent.setup();
    renderApp('/teacherdashboard');
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    const chat = screen.getByRole('menuitem', { name: 'Chat with admin' });
    expect(chat.getAttribute('href')).toMatch(/^\/chat\?teacherId=7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10&UserName=Asha\+Verma$/);
    expect(screen.queryByRole('menuitem', { name: 'View all notices' })).toBeNull();
  });

  it('picks the session by the contract rule and asks before changing it', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/session': () => json(200, { result: SESSIONS }) });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/schooladmin');
    const picker = await screen.findByRole('combobox', { name: 'Session' });
    expect(picker).toHaveValue(SESSIONS[2]?.sessionId); // none stored, none current: index 2
    expect(sessionStorage.getItem('SessionId')).toBe(SESSIONS[2]?.sessionId);
    await user.selectOptions(picker, SESSIONS[0]?.sessionId ?? '');
    expect(await screen.findByText('Do you want to change the session?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sessionStorage.getItem('SessionId')).toBe(SESSIONS[2]?.sessionId);
  });

  it("shows 'Session data is not available' for an empty list", async () => {
    mockFetch(HEADER_MOCKS);
    signIn(113);
    renderApp('/schooladmin');
    expect(await screen.findByText('Session data is not available')).toBeInTheDocument();
  });

  it('switches the language at once and remembers it', async () => {
    mockFetch(HEADER_MOCKS);
    signIn(112);
    const user = userEvent.setup();
    renderApp('/systemadmin');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'hi');
    expect(await screen.findByRole('button', { name: 'सूचनाएँ' })).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(document.title).toBe('स्वागत है');
    await i18n.changeLanguage('en');
  });

  it('writes a notification of a kind in the reader’s language (Hindi words, date and amount), and tells the server the language', async () => {
    const fee = { ...NOTE, kind: 'fee_due' as const, message: '', params: { child: 'Asha Rao', seq: 2, amount: 1_250_00, dueDate: '2026-11-25' } };
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/notifications': () => json(200, { result: { items: [fee], total: 1, page: 1, pageSize: 20, unread: 1 } }),
      'PATCH /api/notifications/read': () => json(200, { result: { unread: 0 } }),
    });
    signIn(112);
    const user = userEvent.setup();
    renderApp('/systemadmin');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'hi');
    await user.click(await screen.findByRole('button', { name: 'सूचनाएँ' }));
    const dialog = await screen.findByRole('dialog', { name: 'सूचनाएँ' });
    const date = new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date('2026-11-25T00:00:00'));
    expect(within(dialog).getByText(`Asha Rao की शुल्क किस्त 2 (₹1,250.00) ${date} को देय है।`)).toBeInTheDocument();
    expect(within(dialog).queryByText(/25-11-2026|\//)).toBeNull();
    const told = () => fetch.mock.calls.filter(([url, init]) => url === '/api/notifications/language' && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
    await waitFor(() => expect(told()).toContainEqual({ language: 'hi' }));
    expect(told()[0]).toEqual({ language: 'en' });
    await i18n.changeLanguage('en');
  });

  it('clears the session and goes to / when a call answers 401 UNAUTHENTICATED', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/dashboard/home': () => json(401, { error: 'UNAUTHENTICATED', message: 'expired' }) });
    signIn(112);
    const { router, queryClient } = renderApp('/systemadmin');
    wireClient(() => void router.navigate('/', { replace: true }), queryClient);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getCookie('token')).toBeNull();
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  });
});
