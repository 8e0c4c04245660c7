import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, configureClient, request } from './client';
import { apiErrorText, loginErrorText, reasonText } from './errors';
import { i18n } from '../i18n';
import { json, mockFetch, signIn } from '../test/utils';

const t = i18n.t.bind(i18n);

const SIGNIN = {
  token: 'abc',
  expiresAt: '2030-01-01T00:00:00.000Z',
  userId: '7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10',
  loginId: 'DEMO-A0001',
  roleId: 112,
  name: 'Asha Verma',
  schoolId: null,
  schoolName: null,
};

afterEach(() => configureClient({ onUnauthenticated: () => {} }));

describe('typed API client', () => {
  it('sends the session token on authenticated calls and never on sign-in', async () => {
    signIn(112);
    const fetch = mockFetch({
      'POST /api/signin': () => json(200, { message: 'Login successful', result: SIGNIN }),
      'GET /api/dashboard': () => json(200, { result: { counts: { students: 3 } } }),
    });
    const envelope = await request('signin', { body: { loginId: 'x', password: 'y' } });
    expect(envelope.message).toBe('Login successful');
    expect(envelope.result.roleId).toBe(112);
    expect(await call('dashboard')).toEqual({ counts: { students: 3 } });

    const [signinInit, dashboardInit] = fetch.mock.calls.map((c) => c[1] as RequestInit & { headers: Record<string, string> });
    expect(signinInit?.headers.token).toBeUndefined();
    expect(signinInit?.body).toBe(JSON.stringify({ loginId: 'x', password: 'y' }));
    expect(dashboardInit?.headers.token).toBe('test-token');
  });

  it('fills path parameters and the query string', async () => {
    signIn(112);
    const fetch = mockFetch({
      'GET /api/notifications': () => json(200, { result: { items: [], total: 0, page: 2, pageSize: 5, unread: 0 } }),
    });
    await call('notifications', { query: { page: 2, pageSize: 5 } });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/notifications?page=2&pageSize=5');
  });

  it('reports 401 UNAUTHENTICATED of an authenticated call (expired session)', async () => {
    signIn(112);
    const onUnauthenticated = vi.fn();
    configureClient({ onUnauthenticated });
    mockFetch({ 'GET /api/dashboard': () => json(401, { error: 'UNAUTHENTICATED', message: 'Session expired' }) });
    await expect(call('dashboard')).rejects.toMatchObject({ kind: 'http', status: 401, code: 'UNAUTHENTICATED' });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('does not treat a failed sign-in as an expired session', async () => {
    const onUnauthenticated = vi.fn();
    configureClient({ onUnauthenticated });
    mockFetch({ 'POST /api/signin': () => json(401, { error: 'INVALID_CREDENTIALS', message: 'Invalid login id or password' }) });
    await expect(request('signin', { body: { loginId: 'x', password: 'y' } })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('fails as "network" when there is no response and "unexpected" when the answer breaks the contract', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(call('dashboard')).rejects.toMatchObject({ kind: 'network' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/dashboard': () => json(200, { result: { counts: { students: -1 } } }) });
    await expect(call('dashboard')).rejects.toMatchObject({ kind: 'unexpected' });
  });

  it('passes the first answers of a page load on as typed and checks them once the schemas are in', async () => {
    // A fresh client, as after a page load: the contract's schemas are not loaded yet.
    vi.resetModules();
    const fresh = await import('./client');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn(112);
    mockFetch({ 'GET /api/dashboard': () => json(200, { result: { counts: { students: -1 } } }) });
    expect(await fresh.call('dashboard')).toEqual({ counts: { students: -1 } });
    mockFetch({ 'GET /api/dashboard': () => json(200, 'not an envelope') });
    await expect(fresh.call('dashboard')).rejects.toMatchObject({ kind: 'unexpected' });
    expect(error).not.toHaveBeenCalled();

    // The browser's first idle moment (after the next frame): the schemas load, the first answer is
    // checked (and reported).
    await vi.waitFor(() => expect(idle.length).toBeGreaterThan(0));
    for (const run of idle) run();
    await fresh.loadSchemas();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Answer of dashboard does not match the contract', expect.anything()));

    // From then on each answer is checked before it is used.
    mockFetch({ 'GET /api/dashboard': () => json(200, { result: { counts: { students: -1 } } }) });
    await expect(fresh.call('dashboard')).rejects.toMatchObject({ kind: 'unexpected' });
    mockFetch({ 'GET /api/dashboard': () => json(200, { result: { counts: { students: 3 } } }) });
    expect(await fresh.call('dashboard')).toEqual({ counts: { students: 3 } });
  });
});

describe('error texts (spec section 8)', () => {
  const http = (status: number, code: string | null, serverMessage: string | null) =>
    new ApiError('http', { status, code: code as never, serverMessage });

  it('maps login failures', () => {
    expect(loginErrorText(http(401, 'INVALID_CREDENTIALS', 'bad'), t)).toBe('Invalid login ID or password.');
    expect(loginErrorText(http(401, null, 'Server said no'), t)).toBe('Server said no');
    expect(loginErrorText(http(401, null, null), t)).toBe('Authentication failed. Please check your credentials.');
    expect(loginErrorText(http(403, null, 'Blocked here'), t)).toBe('Blocked here');
    expect(loginErrorText(http(422, null, null), t)).toBe('Client error');
    expect(loginErrorText(http(503, 'INTERNAL', 'boom'), t)).toBe('Server is currently down. Please try again later.');
    expect(loginErrorText(new ApiError('network'), t)).toBe(
      'No response received from the server. Please check your network.',
    );
    expect(loginErrorText(new Error('odd'), t)).toBe('An unexpected error occurred. Please try again.');
  });

  it('maps failures of other calls to the shorter texts', () => {
    expect(apiErrorText(new ApiError('network'), t)).toBe('No response received from server');
    expect(apiErrorText(new ApiError('request'), t)).toBe('Error in making the request');
    expect(apiErrorText(http(500, null, null), t)).toBe('Server error');
    expect(apiErrorText(http(403, 'FORBIDDEN', 'no'), t)).toBe('You do not have permission to do this.');
  });
});

describe('reasonText', () => {
  it('reads a day in a reason as a date in the reader’s language, not YYYY-MM-DD', () => {
    expect(reasonText('cash_day_closed', { date: '2026-11-24' }, i18n.getFixedT('en'))).toContain('24 Nov 2026');
    expect(reasonText('cash_day_closed', { date: '2026-11-24' }, i18n.getFixedT('hi'))).toContain('24 नव॰ 2026');
  });
});
