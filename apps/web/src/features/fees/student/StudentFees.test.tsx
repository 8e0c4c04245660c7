import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Instalment, Payment, StudentFees } from '@shala/contract';
import i18n from 'i18next';
import { SESSION_FIXTURE as SESSION, childFixture } from '../../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, renderApp, renderAt, signIn } from '../../../test/utils';
import { StudentFeesView } from '../StudentFeesView';

const ME = '7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10';
const AARAV = childFixture(1, '').userId;
const DIYA = childFixture(4, '').userId;
const PAYMENT_ID = 'bbbbbbb1-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const principal = { userId: '99999999-9999-4999-8999-999999999999', fullName: 'Priya Sharma', loginId: 'DEMO-P0001' };
const payment = (over: Partial<Payment> = {}): Payment => ({
  paymentId: PAYMENT_ID,
  receiptNo: 7,
  amount: 850_000,
  mode: 'upi',
  reference: 'UPI-123',
  paidOn: '2026-05-09',
  receivedBy: principal,
  createdAt: '2026-05-09T05:00:00.000Z',
  lateFee: 0,
  batchId: null,
  reversed: null,
  emiId: 'ccccccc1-cccc-4ccc-8ccc-cccccccccccc',
  seq: 1,
  ...over,
});
const instalment = (seq: number, state: Instalment['state'], dueDate: string, pay: Payment | null = null): Instalment => ({
  emiId: `ccccccc${seq}-cccc-4ccc-8ccc-cccccccccccc`,
  seq,
  dueDate,
  amount: 850_000,
  state,
  payment: pay,
  lateFee: 0,
  lateFeeWaived: null,
  upiClaim: null,
});

/** Aarav: ₹30,000 class fee + ₹4,000 transport; four instalments, the first paid, the second overdue. */
function aaravFees(studentId = AARAV): StudentFees {
  const paid = payment();
  return {
    student: { userId: studentId, fullName: 'Aarav Verma', loginId: 'DEMO-S0001' },
    sessionId: SESSION.sessionId,
    today: '2026-06-20',
    payOptions: { online: null, upi: false },
    classFee: {
      academic: 500_000,
      convenience: 100_000,
      development: 0,
      tuition: 2_400_000,
      other: 0,
      taxBp: 0,
      subtotal: 3_000_000,
      tax: 0,
      total: 3_000_000,
      assignClassId: 'ddddddd1-dddd-4ddd-8ddd-dddddddddddd',
      sessionId: SESSION.sessionId,
      updatedAt: '2026-04-01T00:00:00.000Z',
    },
    record: {
      feeRecordId: 'eeeeeee1-eeee-4eee-8eee-eeeeeeeeeeee',
      sessionId: SESSION.sessionId,
      student: { userId: studentId, fullName: 'Aarav Verma', loginId: 'DEMO-S0001', rollNo: 1 },
      class: { assignClassId: 'ddddddd1-dddd-4ddd-8ddd-dddddddddddd', masterClass: '5', className: '5', section: 'A' },
      classFee: 3_000_000,
      adjustments: [{ feeTypeId: 'fffffff1-ffff-4fff-8fff-ffffffffffff', name: 'Transport', kind: 'amount', value: 400_000, amount: 400_000 }],
      total: 3_400_000,
      paid: 850_000,
      balance: 2_550_000,
      instalments: 4,
      instalmentsPaid: 1,
      nextDue: '2026-06-10',
      overdue: 850_000,
      createdAt: '2026-04-01T00:00:00.000Z',
    },
    instalments: [
      instalment(1, 'paid', '2026-05-10', paid),
      instalment(2, 'overdue', '2026-06-10'),
      instalment(3, 'due', '2026-07-10'),
      instalment(4, 'due', '2026-08-10'),
    ],
    payments: [paid],
  };
}
const noRecord = (studentId: string, name: string): StudentFees => ({
  student: { userId: studentId, fullName: name, loginId: 'DEMO-S0004' },
  sessionId: SESSION.sessionId,
  payOptions: { online: null, upi: false },
  today: '2026-06-20',
  classFee: null,
  record: null,
  instalments: [],
  payments: [],
});

const feesUrl = (studentId: string) => `GET /api/school/feerecord/emi/student/${studentId}/${SESSION.sessionId}`;
const PDF = '%PDF-1.3\n%fake\n';

/** Downloads: the blob is saved through a link; the name it was saved under is kept. */
function catchDownloads() {
  const saved: { name: string; type: string }[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: this.href });
  });
  return { saved, restore: () => click.mockRestore() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the parent's fee screen", () => {
  it("shows the first child's fees (figures, breakdown, instalments, payments), downloads a receipt, and shows another child on request", async () => {
    // Instalment 1 was paid with a late fee of ₹300: the payment is ₹8,800.
    const aarav = aaravFees();
    const paidLate = payment({ lateFee: 30_000 });
    aarav.payments = [paidLate];
    aarav.instalments[0] = { ...aarav.instalments[0]!, payment: paidLate };
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: [SESSION] }),
      'GET /api/parent/children': () => json(200, { result: [childFixture(1, 'Aarav'), childFixture(4, 'Diya')] }),
      [feesUrl(AARAV)]: () => json(200, { result: aarav }),
      [feesUrl(DIYA)]: () => json(200, { result: noRecord(DIYA, 'Diya Verma') }),
      [`GET /api/fee/receipt/${PAYMENT_ID}`]: () =>
        new Response(PDF, { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="receipt-7.pdf"' } }),
    });
    const downloads = catchDownloads();
    signIn(115);
    const user = userEvent.setup();
    renderApp('/studentfeedata');

    const view = await screen.findByTestId('student-fees', {}, { timeout: 10_000 });
    expect(screen.getByTestId('fees-of')).toHaveTextContent('Aarav Verma · session 2026-27');
    expect(view).toHaveTextContent('Total₹34,000.00');
    expect(view).toHaveTextContent('Paid₹8,500.00');
    expect(view).toHaveTextContent('Balance₹25,500.00');
    expect(view).toHaveTextContent('Overdue₹8,500.00');
    // The breakdown: the class fee's parts, the fee type, the total.
    const breakdown = screen.getByRole('region', { name: 'Fee breakdown' });
    expect(within(breakdown).getByRole('row', { name: 'Academic fee ₹5,000.00' })).toBeInTheDocument();
    expect(within(breakdown).getByRole('row', { name: 'Tuition fee ₹24,000.00' })).toBeInTheDocument();
    expect(within(breakdown).getByRole('row', { name: 'Class fee ₹30,000.00' })).toBeInTheDocument();
    expect(within(breakdown).getByRole('row', { name: 'Transport ₹4,000.00' })).toBeInTheDocument();
    expect(within(breakdown).queryByText('Development fee')).toBeNull();
    // The instalments with their states.
    const rows = screen.getAllByTestId('instalment');
    expect(rows.map((r) => within(r).getAllByText(/^(Paid|Due|Overdue)$/)[0]!.textContent)).toEqual(['Paid', 'Overdue', 'Due', 'Due']);
    expect(rows[1]).toHaveTextContent('10 Jun 2026');
    // The receipt, in the reader's language, saved under the server's name.
    await user.click(within(rows[0]!).getByRole('button', { name: 'Download receipt 7' }));
    await waitFor(() => expect(downloads.saved).toEqual([{ name: 'receipt-7.pdf', type: 'blob:receipt' }]));
    const asked = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/fee/receipt'));
    expect(asked).toEqual([`/api/fee/receipt/${PAYMENT_ID}?lang=en`]);
    const payments = screen.getByRole('region', { name: 'Payments and receipts' });
    // What was paid, the late fee included (issue 39), and what it was made of.
    expect(within(payments).getByText(/Receipt no\. 7 · ₹8,800\.00/)).toBeInTheDocument();
    expect(within(payments).getByText('₹8,500.00 instalment + ₹300.00 late fee')).toBeInTheDocument();
    // One download button per receipt: the instalment's, not a second one in the payments.
    expect(screen.getAllByRole('button', { name: 'Download receipt 7' })).toHaveLength(1);
    downloads.restore();

    // The other child: no record yet.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Child' }), DIYA);
    expect(await screen.findByTestId('fees-no-record')).toHaveTextContent('There is no fee record for this session yet.');
    expect(screen.getByTestId('fees-of')).toHaveTextContent('Diya Verma · session 2026-27');
  });

  it('says when no child is linked, and shows an error with a retry', async () => {
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: [SESSION] }),
      'GET /api/parent/children': () => json(200, { result: [] }),
    });
    signIn(115);
    renderApp('/studentfeedata');
    expect(await screen.findByText('No children found')).toBeInTheDocument();
  });
});

describe("the student's fee screen", () => {
  it('shows its own fees, in Hindi too, and an error with a retry', async () => {
    let fail = true;
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: [SESSION] }),
      [feesUrl(ME)]: () => (fail ? json(500, { error: 'INTERNAL', message: 'boom' }) : json(200, { result: aaravFees(ME) })),
    });
    signIn(116, ME);
    const user = userEvent.setup();
    renderApp('/studentclassfees');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('student-fees')).toBeInTheDocument();
    expect(screen.getByTestId('fees-of')).toHaveTextContent('Session 2026-27');
    expect(screen.queryByRole('combobox', { name: 'Child' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');
    try {
      expect(await screen.findByRole('region', { name: 'शुल्क विवरण' })).toBeInTheDocument();
      expect(screen.getByTestId('fees-of')).toHaveTextContent('सत्र 2026-27');
      expect(screen.getAllByText('अतिदेय').length).toBeGreaterThan(0);
      expect(screen.getAllByRole('button', { name: 'रसीद 7 डाउनलोड करें' }).length).toBeGreaterThan(0);
    } finally {
      await i18n.changeLanguage('en');
      localStorage.removeItem('lang');
    }
  });
});

describe('the fees card of the dashboards', () => {
  it("shows each child's next instalment, overdue in red, or nothing due, with late fees, and links to the fee screen", async () => {
    // Aarav's overdue instalment 2 has a late fee of ₹300: it comes to ₹8,800.
    const aarav = aaravFees();
    aarav.instalments[1] = { ...aarav.instalments[1]!, lateFee: 30_000 };
    const paidUp = aaravFees(DIYA);
    paidUp.instalments = paidUp.instalments.map((i) => ({ ...i, state: 'paid' }));
    paidUp.record = { ...paidUp.record!, overdue: 0 };
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: [SESSION] }),
      'GET /api/parent/children': () => json(200, { result: [childFixture(1, 'Aarav'), childFixture(4, 'Diya')] }),
      'GET /api/school/attendance/summary': () => json(200, { result: { date: '2026-06-20', dayKind: 'school', school: null, classes: [], children: [] } }),
      [feesUrl(AARAV)]: () => json(200, { result: aarav }),
      [feesUrl(DIYA)]: () => json(200, { result: paidUp }),
    });
    signIn(115);
    renderApp('/parentdashboard');
    const card = await screen.findByRole('region', { name: 'Fees' }, { timeout: 10_000 });
    await waitFor(() => expect(within(card).getAllByTestId('fee-due')).toHaveLength(2));
    const [aaravLine, diya] = within(card).getAllByTestId('fee-due');
    expect(aaravLine).toHaveTextContent('Aarav Verma');
    expect(within(aaravLine!).getByText('Instalment 2: ₹8,800.00, due 10 Jun 2026')).toBeInTheDocument();
    expect(within(aaravLine!).getByText('₹8,800.00 overdue')).toBeInTheDocument();
    expect(diya).toHaveTextContent('Diya VermaNothing due');
    expect(within(card).getByRole('link', { name: 'See fees and receipts' })).toHaveAttribute('href', '/studentfeedata');
  });

  it("shows the student's own next instalment", async () => {
    const fees = aaravFees(ME);
    fees.instalments[1] = { ...fees.instalments[1]!, state: 'due' };
    fees.record = { ...fees.record!, overdue: 0 };
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: [SESSION] }),
      'GET /api/school/attendance/summary': () => json(200, { result: { date: '2026-06-20', dayKind: 'school', school: null, classes: [], children: [] } }),
      [feesUrl(ME)]: () => json(200, { result: fees }),
    });
    signIn(116, ME);
    renderApp('/studentdashboard');
    const card = await screen.findByRole('region', { name: 'Fees' }, { timeout: 10_000 });
    expect(await within(card).findByText('Instalment 2: ₹8,500.00, due 10 Jun 2026')).toBeInTheDocument();
    expect(within(card).queryByText(/overdue/)).toBeNull();
    expect(within(card).getByRole('link', { name: 'See fees and receipts' })).toHaveAttribute('href', '/studentclassfees');
  });
});

describe('StudentFeesView', () => {
  it("leaves out the class fee's parts when the class fee changed after the record was made, and marks a reversed payment", async () => {
    const fees = aaravFees();
    fees.classFee = { ...fees.classFee!, tuition: 2_600_000, subtotal: 3_200_000, total: 3_200_000 };
    fees.payments = [payment({ reversed: { at: '2026-05-11T06:00:00.000Z', by: principal, reason: 'Cheque bounced', refund: null } }), ...fees.payments];
    renderAt(<StudentFeesView fees={fees} />);
    const breakdown = await screen.findByRole('region', { name: 'Fee breakdown' });
    expect(within(breakdown).queryByText('Tuition fee')).toBeNull();
    expect(within(breakdown).getByRole('row', { name: 'Class fee ₹30,000.00' })).toBeInTheDocument();
    const reversed = screen.getAllByTestId('payment')[0]!;
    expect(reversed).toHaveTextContent('Reversed: Cheque bounced');
  });
});
