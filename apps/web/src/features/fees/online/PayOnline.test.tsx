import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Instalment, PayOrder, PayResult, StudentFees } from '@shala/contract';
import { json, mockFetch, renderAt, signIn } from '../../../test/utils';
import { PayOnline } from './PayOnline';

const emi = (seq: number, state: Instalment['state'], lateFee = 0): Instalment => ({
  emiId: `ccccccc${seq}-cccc-4ccc-8ccc-cccccccccccc`,
  seq,
  dueDate: `2026-0${seq + 5}-10`,
  amount: 850_000,
  state,
  payment: null,
  lateFee,
  lateFeeWaived: null,
  upiClaim: null,
});

const fees = (online: 'live' | 'demo' | null): StudentFees => ({
  student: { userId: 'aaaaaaa1-aaaa-4aaa-8aaa-aaaaaaaaaaaa', fullName: 'Aarav Verma', loginId: 'DEMO-S0001' },
  sessionId: '11111111-1111-4111-8111-111111111111',
  record: { feeRecordId: 'ddddddd1-dddd-4ddd-8ddd-dddddddddddd' } as StudentFees['record'],
  classFee: null,
  instalments: [{ ...emi(1, 'paid'), payment: null }, emi(2, 'overdue', 10_000), emi(3, 'overdue'), emi(4, 'due')],
  payments: [],
  today: '2026-08-20',
  payOptions: { online, upi: false },
});

const ORDER: PayOrder = {
  orderId: 'eeeeeee1-eeee-4eee-8eee-eeeeeeeeeeee',
  gatewayOrderId: 'order_Abc123',
  keyId: 'rzp_test_School01',
  amount: 1_710_000,
  currency: 'INR',
  schoolName: 'Demo School',
  description: 'Aarav Verma · 2,3',
  student: { userId: 'aaaaaaa1-aaaa-4aaa-8aaa-aaaaaaaaaaaa', fullName: 'Aarav Verma' },
  checkoutUrl: 'https://checkout.example/v1/checkout.js',
  lines: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Pay now', () => {
  it('ticks the overdue instalments with their late fee, opens Checkout for exactly them, and shows the receipts the server gave', async () => {
    const paid: PayResult = { orderId: ORDER.orderId, status: 'paid', amount: ORDER.amount, batchId: ORDER.orderId, reason: null, receipts: [{ paymentId: 'fffffff1-ffff-4fff-8fff-ffffffffffff', receiptNo: 41, amount: 850_000, lateFee: 10_000, seq: 2 }, { paymentId: 'fffffff2-ffff-4fff-8fff-ffffffffffff', receiptNo: 42, amount: 850_000, lateFee: 0, seq: 3 }] };
    const fetch = mockFetch({ 'POST /api/fee/pay/order': () => json(200, { result: ORDER }), 'POST /api/fee/pay/verify': () => json(200, { result: paid }) });
    // Checkout: it hands back what Razorpay signed.
    const opened: Array<Record<string, unknown>> = [];
    vi.stubGlobal('Razorpay', function (this: { open(): void; on(): void }, options: Record<string, unknown>) {
      opened.push(options);
      this.on = () => {};
      this.open = () => (options.handler as (r: unknown) => void)({ razorpay_payment_id: 'pay_X1', razorpay_order_id: 'order_Abc123', razorpay_signature: 'a'.repeat(64) });
    });
    signIn(115);
    const user = userEvent.setup();
    renderAt(<PayOnline fees={fees('live')} />);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, false]);
    expect(boxes[0]!.closest('div')!.parentElement).toHaveTextContent('Instalment 2: ₹8,500.00 + late fee ₹100.00');
    await user.click(screen.getByRole('button', { name: 'Pay ₹17,100.00 now' }));
    const result = await screen.findByTestId('pay-result');
    expect(result).toHaveTextContent('Payment received');
    expect(within(result).getByText('Receipt 41')).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'Download receipt 42' })).toBeInTheDocument();
    const bodies = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [String(url), JSON.parse(String(init!.body)) as unknown]);
    expect(bodies).toEqual([
      ['/api/fee/pay/order', { emiIds: [emi(2, 'overdue').emiId, emi(3, 'overdue').emiId] }],
      ['/api/fee/pay/verify', { orderId: ORDER.orderId, razorpay_payment_id: 'pay_X1', razorpay_order_id: 'order_Abc123', razorpay_signature: 'a'.repeat(64) }],
    ]);
    expect(opened[0]).toMatchObject({ key: 'rzp_test_School01', amount: 1_710_000, currency: 'INR', order_id: 'order_Abc123' });
  });

  it('in the demo school, explains instead of paying; without a gateway, is not there', async () => {
    const fetch = mockFetch({});
    signIn(115);
    const user = userEvent.setup();
    const { unmount } = renderAt(<PayOnline fees={fees('demo')} />);
    await user.click(screen.getByRole('button', { name: /^Pay .* now$/ }));
    expect(await screen.findByRole('dialog', { name: 'A demo school' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    unmount();
    renderAt(<PayOnline fees={fees(null)} />);
    expect(screen.queryByTestId('pay-online')).toBeNull();
  });
});
