import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp } from '../../test/utils';
import { setLanguage } from '../../i18n';

describe('forgot password', () => {
  it('requires the id', async () => {
    const fetch = mockFetch({});
    const user = userEvent.setup();
    renderApp('/frgtpass');
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Login ID is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps the id in sessionStorage 'forgotId' and goes to /otp", async () => {
    const fetch = mockFetch({ 'POST /api/forgot': () => json(200, { message: 'Code sent' }) });
    const user = userEvent.setup();
    const { router } = renderApp('/frgtpass');
    await user.type(await screen.findByLabelText(/Login ID/), 'DEMO-T0007');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp'));
    expect(sessionStorage.getItem('forgotId')).toBe('"DEMO-T0007"');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ loginId: 'DEMO-T0007' });
  });

  it("shows 'Server error. Please try again later.' and an 'Error' button on a failure other than 401", async () => {
    mockFetch({ 'POST /api/forgot': () => json(500, { error: 'INTERNAL', message: 'boom' }) });
    const user = userEvent.setup();
    const { router } = renderApp('/frgtpass');
    await user.type(await screen.findByLabelText(/Login ID/), 'DEMO-T0007');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Error' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/frgtpass');
  });
});

describe('one-time code', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm: string) {
    await user.type(await screen.findByLabelText(/One-time code/), '123456');
    await user.type(screen.getByLabelText(/^New password/), password);
    await user.type(screen.getByLabelText(/^Confirm password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Update password' }));
  }

  it('requires the code and both passwords', async () => {
    sessionStorage.setItem('forgotId', '"DEMO-T0007"');
    const fetch = mockFetch({});
    const user = userEvent.setup();
    renderApp('/otp');
    await user.click(await screen.findByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('One-time code is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Passwords do not match' and does not submit", async () => {
    sessionStorage.setItem('forgotId', '"DEMO-T0007"');
    const fetch = mockFetch({ 'PATCH /api/reset': () => json(200, { message: 'Password Update successful' }) });
    const user = userEvent.setup();
    renderApp('/otp');
    await fill(user, 'new-password-1', 'new-password-2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the stored id without quotes, toasts success and goes to /', async () => {
    sessionStorage.setItem('forgotId', '"DEMO-T0007"');
    const fetch = mockFetch({ 'PATCH /api/reset': () => json(200, { message: 'Password Update successful' }) });
    const user = userEvent.setup();
    const { router } = renderApp('/otp');
    await fill(user, 'new-password-1', 'new-password-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      loginId: 'DEMO-T0007',
      otp: '123456',
      password: 'new-password-1',
    });
    expect(await screen.findByText('Password Update successful')).toBeInTheDocument();
    expect(sessionStorage.getItem('forgotId')).toBeNull();
  });

  it('translates a wrong code', async () => {
    sessionStorage.setItem('forgotId', '"DEMO-T0007"');
    mockFetch({ 'PATCH /api/reset': () => json(400, { error: 'INVALID_OTP', message: 'Invalid code' }) });
    const user = userEvent.setup();
    renderApp('/otp');
    await fill(user, 'new-password-1', 'new-password-1');
    expect(await screen.findByText('The code is wrong or has expired.')).toBeInTheDocument();
  });

  it('shows the password rule at the field: too short here, too common from the server, in Hindi too', async () => {
    sessionStorage.setItem('forgotId', '"DEMO-T0007"');
    const fetch = mockFetch({
      'PATCH /api/reset': () =>
        json(400, {
          error: 'VALIDATION_ERROR',
          message: 'Some fields are missing or invalid.',
          issues: [{ path: 'body.password', code: 'password_common', message: 'This password is too common: choose another' }],
        }),
    });
    const user = userEvent.setup();
    renderApp('/otp');
    await fill(user, 'short-pw', 'short-pw');
    expect(await screen.findByText('Use at least 10 characters')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    const password = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/^Confirm password/);
    await user.clear(password);
    await user.type(password, 'q1w2e3r4t5');
    await user.clear(confirm);
    await user.type(confirm, 'q1w2e3r4t5');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('This password is too common. Choose another.')).toBeInTheDocument();
    await act(() => setLanguage('hi', { persist: false }));
    expect(await screen.findByText('यह पासवर्ड बहुत आम है। कोई दूसरा चुनें।')).toBeInTheDocument();
    await act(() => setLanguage('en', { persist: false }));
  });
});
