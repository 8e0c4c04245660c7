import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessagingSettings, UpiClaim } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, pageOf, renderApp, signIn } from '../../../test/utils';

const person = (userId: string, fullName: string) => ({ userId, loginId: 'DEMO-X0001', fullName, firstName: fullName.split(' ')[0]!, lastName: fullName.split(' ')[1]! });
const REJECTED: UpiClaim = {
  claimId: 'd0000000-0000-4000-8000-000000000001',
  status: 'rejected',
  student: person('e0000000-0000-4000-8000-000000000001', 'Aarav Sharma'),
  class: { assignClassId: 'c0000000-0000-4000-8000-000000000001', masterClass: '5', className: '5', section: 'A' },
  emiId: 'f0000000-0000-4000-8000-000000000001',
  seq: 2,
  dueDate: '2026-07-10',
  amount: 1_200_000,
  reference: 'T2611251234ABCD',
  claimedAt: '2026-11-20T05:00:00.000Z',
  claimedBy: person('e0000000-0000-4000-8000-000000000002', 'Rakesh Sharma'),
  decidedAt: '2026-11-21T06:00:00.000Z',
  decidedBy: person('e0000000-0000-4000-8000-000000000003', 'Meena Iyer'),
  receiptNo: null,
  rejectReason: 'Not in our bank statement',
  repeat: true,
};

describe('/feeupiclaims', () => {
  it('shows a rejected reference with who rejected it and why, marked when its reference is used elsewhere too', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/feeupi/claims': () => json(200, pageOf([REJECTED])) });
    signIn(113);
    renderApp('/feeupiclaims?status=rejected');
    const row = (await screen.findByText('Aarav Sharma', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('Meena Iyer')).toBeInTheDocument();
    expect(within(row).getByText('Why: Not in our bank statement')).toBeInTheDocument();
    expect(within(row).getByText('Reference used before')).toBeInTheDocument();
  });
});

describe('confirming a UPI reference', () => {
  const cases = [
    { reason: 'emi_paid', message: 'This instalment is paid already.', title: 'Instalment 2 was paid since this reference was sent', says: 'Reject it and tell the parent why' },
    { reason: 'upi_reference_used', message: 'This UPI reference has paid a fee of the school already.', title: 'This reference has paid a fee already', says: 'Reject this claim and ask the parent' },
  ];
  for (const c of cases) {
    it(`says to reject it (${c.reason}), not to correct fields`, async () => {
      const pending: UpiClaim = { ...REJECTED, status: 'pending', decidedAt: null, decidedBy: null, rejectReason: null };
      mockFetch({
        ...HEADER_MOCKS,
        'GET /api/school/feeupi/claims': () => json(200, pageOf([pending])),
        [`POST /api/school/feeupi/claims/${pending.claimId}/confirm`]: () => json(409, { error: 'CONFLICT', message: c.message, reason: c.reason, ...(c.reason === 'upi_reference_used' ? { field: 'reference' } : {}) }),
      });
      signIn(113);
      const user = userEvent.setup();
      renderApp('/feeupiclaims');
      const row = (await screen.findByText('Aarav Sharma', {}, { timeout: 10_000 })).closest('tr')!;
      await user.click(within(row).getByRole('button', { name: /Confirm/ }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: /Confirm/ }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(c.title);
      expect(alert).toHaveTextContent(c.says);
      expect(alert).not.toHaveTextContent('Please correct the highlighted fields.');
    });
  }
});

describe('/paymentsettings', () => {
  const messaging = (secretsKey: boolean): MessagingSettings => ({ secretsKey, sms: { source: 'none', account: null }, whatsapp: { source: 'none', account: null }, rules: [] });
  const MOCKS = {
    ...HEADER_MOCKS,
    'GET /api/school/paymentsettings': () => json(200, { result: { razorpay: null } }),
    'GET /api/school/paymentsettings/upi': () => json(200, { result: { vpa: null, name: null, updatedAt: null } }),
  };

  it('warns that keys cannot be saved without SECRETS_KEY, and shows the refusal of a save', async () => {
    mockFetch({
      ...MOCKS,
      'GET /api/school/messaging/settings': () => json(200, { result: messaging(false) }),
      'PUT /api/school/paymentsettings/razorpay': () => json(409, { error: 'CONFLICT', message: 'SECRETS_KEY is not set', reason: 'secrets_key_missing' }),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/paymentsettings');
    expect(await screen.findByTestId('payment-no-key', {}, { timeout: 10_000 })).toHaveTextContent('Razorpay keys cannot be saved on this server yet');
    const card = screen.getByTestId('razorpay-settings');
    await user.type(within(card).getByRole('textbox', { name: /Key id/i }), 'rzp_test_abc123');
    await user.type(within(card).getByLabelText(/Key secret/i), 'secret-one');
    await user.type(within(card).getByLabelText(/Webhook secret/i), 'secret-two');
    await user.click(within(card).getByRole('button', { name: /Save/ }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('SECRETS_KEY is not set');
    expect(alert).toHaveTextContent('Nothing was saved.');
  });

  it('shows no warning when the server has the key', async () => {
    mockFetch({ ...MOCKS, 'GET /api/school/messaging/settings': () => json(200, { result: messaging(true) }) });
    signIn(113);
    renderApp('/paymentsettings');
    expect(await screen.findByTestId('razorpay-settings', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('payment-no-key')).toBeNull();
  });
});
