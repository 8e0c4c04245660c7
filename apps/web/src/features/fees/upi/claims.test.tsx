import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UpiClaim } from '@shala/contract';
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
