import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCookie } from '../../api/cookies';
import { HEADER_MOCKS, json, mockFetch, renderApp } from '../../test/utils';

const SIGNIN_RESULT = {
  token: 'session-token-1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  userId: '7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10',
  loginId: 'DEMO-A0001',
  roleId: 112,
  name: 'Asha Verma',
  schoolId: '0d9c3a52-6e2b-4f0e-8d3c-1a2b3c4d5e6f',
  schoolName: 'Demo Public School',
};

async function fillAndSubmit(user = userEvent.setup()) {
  await user.type(await screen.findByLabelText(/Login ID/), 'DEMO-A0001');
  await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('login', () => {
  it('requires the id and the password and calls nothing until both are given', async () => {
    const fetch = mockFetch({});
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login ID is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads 'Logging in...' while the request is pending", async () => {
    mockFetch({ 'POST /api/signin': () => new Promise<Response>(() => {}) });
    renderApp('/');
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
  });

  it('stores the session cookies, the school name, toasts the message and goes to the landing route', async () => {
    mockFetch({
      ...HEADER_MOCKS,
      'POST /api/signin': () => json(200, { message: 'Welcome back', result: SIGNIN_RESULT }),
    });
    const { router } = renderApp('/');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/systemadmin'));
    expect(getCookie('token')).toBe('session-token-1');
    expect(getCookie('UserID')).toBe(SIGNIN_RESULT.userId);
    expect(getCookie('role')).toBe('112');
    expect(getCookie('schoolId')).toBe(SIGNIN_RESULT.schoolId);
    expect(localStorage.getItem('schoolName')).toBe('Demo Public School');
    expect(await screen.findByText('Welcome back')).toBeInTheDocument();
  });

  it.each([
    ['401 with a known code', () => json(401, { error: 'INVALID_CREDENTIALS', message: 'x' }), 'Invalid login ID or password.'],
    ['401 without a body', () => new Response('', { status: 401 }), 'Authentication failed. Please check your credentials.'],
    ['another 4xx with a server text', () => json(418, { error: 'TEAPOT', message: 'I am a teapot' }), 'I am a teapot'],
    ['another 4xx without text', () => new Response('', { status: 409 }), 'Client error'],
    ['5xx', () => json(500, { error: 'INTERNAL', message: 'boom' }), 'Server is currently down. Please try again later.'],
    [
      'no response',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'No response received from the server. Please check your network.',
    ],
  ])('shows the spec text for %s and stores nothing', async (_name, answer, text) => {
    mockFetch({ 'POST /api/signin': answer as () => Response });
    const { router } = renderApp('/');
    await fillAndSubmit();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(getCookie('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user from / to its landing route', async () => {
    mockFetch(HEADER_MOCKS);
    document.cookie = 'token=t; path=/';
    document.cookie = 'role=114; path=/';
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacherdashboard'));
  });

  it("links to forgot password with 'Click here'", async () => {
    mockFetch({});
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Click here' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/frgtpass'));
  });
});
