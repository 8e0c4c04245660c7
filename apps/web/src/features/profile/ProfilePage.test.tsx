import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../test/utils';

vi.mock('socket.io-client', async () => {
  const { ioMock } = await import('../../test/socketMock');
  return { io: ioMock };
});

const USER_ID = '7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10';

describe('profile', () => {
  it('edits the own profile, sends only what changed and refreshes the header', async () => {
    let sent: Record<string, unknown> | null = null;
    const original = (await (HEADER_MOCKS[`GET /api/account/${USER_ID}`]!('', {}) as Response).json()) as { result: Record<string, unknown> };
    let stored = original.result;
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      [`GET /api/account/${USER_ID}`]: () => json(200, { result: stored }),
      [`PATCH /api/account/${USER_ID}`]: (_url, init) => {
        sent = JSON.parse(String(init.body)) as Record<string, unknown>;
        stored = { ...stored, firstName: 'Asha K.', fullName: 'Asha K. Verma' };
        return json(200, { message: 'Profile saved', result: stored });
      },
    });
    signIn(112);
    const user = userEvent.setup();
    const { router } = renderApp('/profile');
    await user.click(await screen.findByRole('link', { name: 'Edit profile' }));
    const first = await screen.findByRole('textbox', { name: /First name/ });
    await waitFor(() => expect(first).toHaveValue('Asha'));
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('12 Station Road');
    await user.clear(first);
    await user.type(first, 'Asha K.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(sent).toEqual({ firstName: 'Asha K.' });
    expect(await screen.findByRole('heading', { name: 'Asha K. Verma' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await screen.findByRole('menuitem', { name: 'Profile' });
    expect(screen.getAllByText('Asha K. Verma').length).toBeGreaterThanOrEqual(2); // heading and menu
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(1);
  });

  it("changes the password and says 'Passwords do not match' first when they differ", async () => {
    let body: unknown = null;
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'PATCH /api/account/password': (_url, init) => {
        body = JSON.parse(String(init.body));
        return json(200, { message: 'Password changed' });
      },
    });
    signIn(114);
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(await screen.findByLabelText(/Current password/), 'Shala@2024');
    await user.type(screen.getByLabelText(/^New password/), 'Better@2025');
    await user.type(screen.getByLabelText(/Confirm new password/), 'Better@2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/account/password')).toBe(false);

    await user.clear(screen.getByLabelText(/Confirm new password/));
    await user.type(screen.getByLabelText(/Confirm new password/), 'Better@2025');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(body).toEqual({ currentPassword: 'Shala@2024', newPassword: 'Better@2025' });
  });

  it('marks a wrong current password', async () => {
    mockFetch({
      ...HEADER_MOCKS,
      'PATCH /api/account/password': () =>
        json(400, { error: 'BAD_REQUEST', message: 'The current password is wrong.', reason: 'wrong_password', field: 'currentPassword' }),
    });
    signIn(114);
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(await screen.findByLabelText(/Current password/), 'nope-nope');
    await user.type(screen.getByLabelText(/^New password/), 'Better@2025');
    await user.type(screen.getByLabelText(/Confirm new password/), 'Better@2025');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true'));
    expect((await screen.findAllByText('The current password is wrong.')).length).toBeGreaterThanOrEqual(1);
  });
});
