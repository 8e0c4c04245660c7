import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CHANNEL_RULES, DEFAULT_QUIET_HOURS, PREFERENCE_KINDS, WHATSAPP_CONSENT_VERSION, type NotificationPreferences } from '@shala/contract';
import { applyPreferences } from '../../api/messaging';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../test/utils';

const T = { timeout: 10_000 };
const URL = '/api/account/notification-preferences';

function prefs(over: Partial<NotificationPreferences> = {}): NotificationPreferences {
  return {
    mobile: null,
    mobileVerified: false,
    email: null,
    whatsappOptIn: false,
    whatsappConsentVersion: WHATSAPP_CONSENT_VERSION,
    quietHours: { ...DEFAULT_QUIET_HOURS },
    kinds: PREFERENCE_KINDS.map((kind) => {
      const rule = DEFAULT_CHANNEL_RULES[kind];
      return { kind, urgent: rule.urgent, channels: { sms: { enabled: rule.sms, chosen: false }, whatsapp: { enabled: rule.whatsapp, chosen: false }, email: { enabled: rule.email, chosen: false } } };
    }),
    ...over,
  };
}

/** A PUT whose answer waits for `release`: the switch shows the change before it. */
function deferred() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { gate, release };
}

function open(role: number, answer: NotificationPreferences, handlers: Parameters<typeof mockFetch>[0] = {}) {
  signIn(role);
  mockFetch({ ...HEADER_MOCKS, [`GET ${URL}`]: () => json(200, { result: answer }), ...handlers });
  // The whole app (its layout has the confirm dialogs' provider).
  renderApp('/notificationsettings');
}

describe('the record as a change will leave it', () => {
  it('sets a choice, keeps a reset value until the answer, and takes consent and quiet hours', () => {
    const before = prefs();
    const after = applyPreferences(before, {
      choices: [
        { kind: 'notice', channel: 'sms', enabled: true },
        { kind: 'absence', channel: 'sms', enabled: null },
      ],
      whatsappOptIn: true,
      quietHours: { from: 1320, to: 360 },
    });
    expect(after.kinds.find((k) => k.kind === 'notice')!.channels.sms).toEqual({ enabled: true, chosen: true });
    expect(after.kinds.find((k) => k.kind === 'absence')!.channels.sms).toEqual({ enabled: true, chosen: false });
    expect(after.whatsappOptIn).toBe(true);
    expect(after.quietHours).toEqual({ from: 1320, to: 360 });
    expect(before.kinds.find((k) => k.kind === 'notice')!.channels.sms.enabled).toBe(false);
  });
});

describe('/notificationsettings', () => {
  it("turns a channel on at once, saves it, and marks it the person's own", async () => {
    const { gate, release } = deferred();
    let sent: unknown = null;
    open(115, prefs(), {
      [`PUT ${URL}`]: async (_url, init) => {
        sent = JSON.parse(String(init.body));
        await gate;
        return json(200, { result: applyPreferences(prefs(), { choices: [{ kind: 'notice', channel: 'sms', enabled: true }] }) });
      },
    });
    const user = userEvent.setup();
    const sms = await screen.findByRole('switch', { name: 'SMS for Notice' }, T);
    expect(sms).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'WhatsApp for Absence' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Receive messages on WhatsApp' })).toBeDisabled();
    await user.click(sms);
    expect(sms).toBeChecked();
    expect(sent).toEqual({ choices: [{ kind: 'notice', channel: 'sms', enabled: true }] });
    release();
    expect(await screen.findByText('SMS for Notice: on.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Notice/ });
    expect(within(row).getByText('Yours')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: "Use the school's setting for Notice" })).toBeInTheDocument();
  });

  it('puts a refused change back and says why', async () => {
    open(115, prefs(), { [`PUT ${URL}`]: () => json(500, { error: 'INTERNAL', message: 'boom' }) });
    const user = userEvent.setup();
    const sms = await screen.findByRole('switch', { name: 'SMS for Holiday' }, T);
    await user.click(sms);
    expect(await screen.findByText('Could not save your choice')).toBeInTheDocument();
    await waitFor(() => expect(sms).not.toBeChecked());
    // Mail is not a channel here until Shala sends notifications by mail.
    expect(screen.queryByRole('switch', { name: 'Email for Holiday' })).not.toBeInTheDocument();
  });

  it('shows why no code can be sent (no SMS account)', async () => {
    let asked: unknown = null;
    open(115, prefs(), {
      'POST /api/account/mobile': (_url, init) => {
        asked = JSON.parse(String(init.body));
        return json(409, { error: 'CONFLICT', message: 'No SMS.', reason: 'sms_not_configured' });
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }, T), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const form = screen.getByRole('form', { name: 'Mobile number' });
    expect(await within(form).findByText('The school cannot send SMS yet: ask it to set up its SMS account.')).toBeInTheDocument();
    expect(asked).toEqual({ mobile: '+919876543210' });
  });

  it('says why a code is refused: the number had its codes today', async () => {
    open(115, prefs(), {
      'POST /api/account/mobile': () => json(429, { error: 'RATE_LIMITED', message: 'No more today.', reason: 'mobile_code_number_limit', field: 'mobile', params: { max: 3 } }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }, T), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const form = screen.getByRole('form', { name: 'Mobile number' });
    expect((await within(form).findAllByText('This number has had its 3 codes for today. Try again tomorrow.')).length).toBeGreaterThan(0);
  });

  it('puts the refusal of quiet hours that start and end at one time on the field', async () => {
    open(115, prefs(), {
      [`PUT ${URL}`]: () => json(400, { error: 'BAD_REQUEST', message: 'Same.', reason: 'quiet_hours_empty', field: 'quietHours.to' }),
    });
    const form = await screen.findByRole('form', { name: 'Quiet hours' }, T);
    const to = within(form).getByLabelText(/^Until/);
    const user = userEvent.setup();
    await user.clear(to);
    await user.type(to, '21:00');
    await user.click(within(form).getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() => expect(to).toHaveAccessibleDescription('Quiet hours must start and end at different times.'));
  });

  it('verifies the number with the code sent to it', async () => {
    let code: unknown = null;
    open(115, prefs(), {
      'POST /api/account/mobile': () => json(200, { result: { mobile: '+919876543210', expiresAt: '2026-11-27T10:10:00.000Z' } }),
      'POST /api/account/mobile/verify': (_url, init) => {
        code = JSON.parse(String(init.body));
        return json(200, { result: prefs({ mobile: '+919876543210', mobileVerified: true }) });
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }, T), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const field = await screen.findByRole('textbox', { name: 'Code from the SMS' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('verified-mobile')).toHaveTextContent('+919876543210');
    expect(code).toEqual({ code: '123456' });
    expect(screen.getByRole('switch', { name: 'Receive messages on WhatsApp' })).toBeEnabled();
  });

  it("keeps WhatsApp off until the number is verified, then asks for the parent's consent", async () => {
    let sent: unknown = null;
    open(115, prefs({ mobile: '+919876543210', mobileVerified: true }), {
      [`PUT ${URL}`]: (_url, init) => {
        sent = JSON.parse(String(init.body));
        return json(200, { result: prefs({ mobile: '+919876543210', mobileVerified: true, whatsappOptIn: true }) });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Receive messages on WhatsApp' }, T));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('whatsapp-consent')).toHaveTextContent('reply STOP');
    expect(within(dialog).getByText(`Consent text version ${WHATSAPP_CONSENT_VERSION}`)).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'I agree, turn it on' }));
    await waitFor(() => expect(sent).toEqual({ whatsappOptIn: true }));
    expect(await screen.findByText('WhatsApp messages turned on. Your consent is recorded.')).toBeInTheDocument();
  });

  it('offers a teacher no WhatsApp', async () => {
    open(114, prefs());
    await screen.findByRole('switch', { name: 'SMS for Absence' }, T);
    expect(screen.queryByRole('switch', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(screen.getByText('SMS messages go to this number, once verified. It may differ from the contact number on your profile, which is the school’s record.')).toBeInTheDocument();
  });
});
