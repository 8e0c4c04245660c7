import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { DELIVERY_REASONS, type DeliveryRow, type MessagePreview, type MessageSummary } from '@shala/contract';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../test/utils';

/**
 * The messages screens as a school office reads them (issue 39): the delivery report says every
 * reason in the reader's language and why its rows are fewer than the recipients; the composer
 * says when the school has no account on a channel, with the way to its settings, and shows
 * "Before you send" above Send on a narrow screen.
 */

const T = { timeout: 10_000 };
const ID = '3b0d6c1e-8f2a-4c5d-9e7f-1a2b3c4d5e6f';

const message: MessageSummary = {
  messageId: ID,
  title: 'Sports day',
  body: 'Sports day moves to Monday.',
  audience: { kind: 'roles', roles: [115] },
  channels: ['sms', 'whatsapp'],
  status: 'sent',
  scheduledFor: null,
  senderName: 'Demo Principal',
  recipients: 15,
  createdAt: '2026-11-25T04:30:00.000Z',
  counts: { sent: 2, failed: 3, skipped: 1 },
  attachment: null,
};

const row = (n: number, over: Partial<DeliveryRow>): DeliveryRow => ({
  deliveryId: `3b0d6c1e-8f2a-4c5d-9e7f-1a2b3c4d5e${String(n).padStart(2, '0')}`,
  userId: `4b0d6c1e-8f2a-4c5d-9e7f-1a2b3c4d5e${String(n).padStart(2, '0')}`,
  fullName: `Parent ${n}`,
  loginId: `DEMO-P000${n}`,
  channel: 'sms',
  status: 'failed',
  reason: null,
  parts: 0,
  sentAt: null,
  updatedAt: '2026-11-25T04:31:00.000Z',
  ...over,
});

const rows: DeliveryRow[] = [
  row(1, { channel: 'whatsapp', status: 'skipped', reason: 'no_account' }),
  row(2, { reason: 'invalid_number: Invalid mobile number' }),
  row(3, { reason: 'DLT template mismatch' }),
  row(4, { channel: 'whatsapp', reason: 'interrupted' }),
  row(5, { status: 'sent', parts: 1, sentAt: '2026-11-25T04:30:05.000Z' }),
  row(6, { status: 'sent', parts: 1, sentAt: '2026-11-25T04:30:06.000Z' }),
];

describe('the delivery report', () => {
  it('has every reason code in English and Hindi', () => {
    const texts = (lang: typeof en) => (lang.messages as unknown as { reasons: Record<string, string> }).reasons;
    for (const code of DELIVERY_REASONS) {
      expect(texts(en)[code], code).toBeTruthy();
      expect(texts(hi)[code], code).toBeTruthy();
    }
  });

  it('says each reason in the reader’s language and why there are fewer rows than recipients', async () => {
    signIn(113);
    mockFetch({
      ...HEADER_MOCKS,
      [`GET /api/school/messages/${ID}`]: () => json(200, { result: message }),
      [`GET /api/school/messages/${ID}/deliveries`]: () => json(200, { result: { items: rows, total: rows.length, page: 1, pageSize: 50 } }),
    });
    renderApp(`/messages/${ID}`);
    const table = await screen.findByRole('table', { name: 'Delivery report' }, T);
    const reasons = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelectorAll('td')[3]?.textContent);
    expect(reasons).toEqual([
      'The school has no account on this channel',
      'The number cannot receive it (the provider said: Invalid mobile number)',
      'The provider said: DLT template mismatch',
      'Sending was interrupted (the server restarted)',
      '—',
      '—',
    ]);
    expect(screen.getByTestId('report-coverage')).toHaveTextContent(/^6 deliveries for 15 recipients: .*verified mobile number/);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');
    try {
      const hiTable = await screen.findByRole('table', { name: 'डिलीवरी रिपोर्ट' }, T);
      expect(within(hiTable).getByText('इस माध्यम पर विद्यालय का कोई खाता नहीं है')).toBeInTheDocument();
      expect(within(hiTable).queryByText('no_account')).toBeNull();
      expect(screen.getByTestId('report-coverage')).toHaveTextContent(/^15 प्राप्तकर्ताओं के लिए 6 डिलीवरी/);
    } finally {
      await i18n.changeLanguage('en');
      localStorage.removeItem('lang');
    }
  });
});

describe('the composer', () => {
  it('says the school has no SMS account, links to its settings, and shows "Before you send" above Send on a phone', async () => {
    signIn(113);
    const preview: MessagePreview = { recipients: 15, channels: [{ channel: 'sms', reachable: 6, parts: 1, account: false, template: false, estimatedPaise: 0 }] };
    mockFetch({ ...HEADER_MOCKS, 'POST /api/school/messages/preview': () => json(200, { result: preview }) });
    renderApp('/messages/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New message' }, T);
    await user.click(within(form).getByRole('textbox', { name: /^Title/ }));
    await user.paste('Sports day');
    await user.click(within(form).getByRole('textbox', { name: /^Message/ }));
    await user.paste('Sports day moves to Monday.');
    await user.click(within(form).getByRole('radio', { name: 'Roles' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Parents' }));
    await user.click(within(form).getByRole('switch', { name: 'SMS' }));

    const sms = await screen.findByTestId('preview-sms', {}, T);
    expect(sms).toHaveTextContent('The school has no SMS account: nothing will be sent by SMS.');
    expect(sms).not.toHaveTextContent(/template/i);
    expect(within(sms).getByRole('link', { name: 'Set one up in Messaging settings.' })).toHaveAttribute('href', expect.stringMatching(/\/messagingsettings$/));

    // Narrow (jsdom matches no media query): the preview is inside the form, before its Send button.
    const before = screen.getByTestId('message-preview');
    const send = within(form).getByRole('button', { name: 'Send' });
    expect(form).toContainElement(before);
    await waitFor(() => expect(before.compareDocumentPosition(send) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy());
  });
});
