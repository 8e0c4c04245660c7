import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_QUIET_HOURS, WHATSAPP_CONSENT_VERSION } from '@shala/contract';
import { HEADER_MOCKS, enter, json, mockFetch, renderApp, signIn } from '../../test/utils';

const USER_ID = '7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10';

describe('profile', () => {
  it('edits the own contact fields (not the name), sends only what changed and shows it', async () => {
    let sent: Record<string, unknown> | null = null;
    const original = (await (HEADER_MOCKS[`GET /api/account/${USER_ID}`]!('', {}) as Response).json()) as { result: Record<string, unknown> };
    let stored = original.result;
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      [`GET /api/account/${USER_ID}`]: () => json(200, { result: stored }),
      [`PATCH /api/account/${USER_ID}`]: (_url, init) => {
        sent = JSON.parse(String(init.body)) as Record<string, unknown>;
        stored = { ...stored, contact: '9876500000' };
        return json(200, { message: 'Profile saved', result: stored });
      },
      // The number SMS and WhatsApp go to is verified apart from the record's contact: both are shown, each named.
      'GET /api/account/notification-preferences': () => json(200, { result: { mobile: '+919811122233', mobileVerified: true, email: null, whatsappOptIn: false, whatsappConsentVersion: WHATSAPP_CONSENT_VERSION, quietHours: { ...DEFAULT_QUIET_HOURS }, kinds: [] } }),
    });
    signIn(112);
    const user = userEvent.setup();
    const { router } = renderApp('/profile');
    // The first test of the file also loads the page's code: allow for a busy machine.
    await user.click(await screen.findByRole('link', { name: 'Edit profile' }));
    const address = await screen.findByRole('textbox', { name: 'Address' });
    await waitFor(() => expect(address).toHaveValue('12 Station Road'));
    // Names are the school's record: not editable here.
    expect(screen.queryByRole('textbox', { name: /First name/ })).not.toBeInTheDocument();
    const contact = screen.getByRole('textbox', { name: 'Contact number' });
    await user.clear(contact);
    await enter(user, contact, '9876500000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(sent).toEqual({ contact: '9876500000' });
    expect(await screen.findByText('9876500000')).toBeInTheDocument();
    expect(screen.getByText('Contact number (school record)')).toBeInTheDocument();
    expect(screen.getByText('Mobile for SMS and WhatsApp')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('messaging-mobile')).toHaveTextContent('+919811122233'));
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
    await enter(user, await screen.findByLabelText(/Current password/), 'Shala@2024');
    await enter(user, screen.getByLabelText(/^New password/), 'Better@2025');
    await enter(user, screen.getByLabelText(/Confirm new password/), 'Better@2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/account/password')).toBe(false);

    await user.clear(screen.getByLabelText(/Confirm new password/));
    await enter(user, screen.getByLabelText(/Confirm new password/), 'Better@2025');
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
    await enter(user, await screen.findByLabelText(/Current password/), 'nope-nope');
    await enter(user, screen.getByLabelText(/^New password/), 'Better@2025');
    await enter(user, screen.getByLabelText(/Confirm new password/), 'Better@2025');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true'));
    expect((await screen.findAllByText('The current password is wrong.')).length).toBeGreaterThanOrEqual(1);
  });
});
