import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeeRecord, FeeRecordRow, FeeType, Instalment, StudentFees } from '@shala/contract';
import { classSummaryFixture } from '../../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, pageOf, renderApp, signIn } from '../../../test/utils';
import { planBody, planPreview, recordPreview, typeValue } from './logic';
import { formatDate } from '../../../lib/format';

const NOW = '2026-04-01T00:00:00.000Z';
const TODAY = '2026-06-15';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SESSION = { sessionId: uuid(901), sessionYear: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', isCurrent: true };
const CLASS = classSummaryFixture({ assignClassId: uuid(1), sessionId: SESSION.sessionId, masterClass: '3', className: '3', section: 'B', students: 2, status: 'incomplete', createdAt: NOW });
const classRef = { assignClassId: CLASS.assignClassId, masterClass: '3', className: '3', section: 'B' };
const student = (n: number, name: string, rollNo: number) => ({ userId: uuid(n), fullName: name, loginId: `DEMO-S${n}`, rollNo });
const feeType = (n: number, name: string, kind: 'amount' | 'percent', value: number): FeeType => ({
  feeTypeId: uuid(n),
  name,
  kind,
  value,
  description: null,
  status: true,
  createdAt: NOW,
});
const CLASS_FEE = { assignClassId: CLASS.assignClassId, sessionId: SESSION.sessionId, academic: 1_000_000, convenience: 0, development: 0, tuition: 2_200_000, other: 0, taxBp: 0, subtotal: 3_200_000, tax: 0, total: 3_200_000, updatedAt: NOW };

function record(s: ReturnType<typeof student>, over: Partial<FeeRecord> = {}): FeeRecord {
  return {
    feeRecordId: uuid(500 + Number(s.userId.slice(-3))),
    sessionId: SESSION.sessionId,
    student: s,
    class: classRef,
    classFee: 3_200_000,
    adjustments: [],
    total: 3_200_000,
    paid: 0,
    balance: 3_200_000,
    instalments: 0,
    instalmentsPaid: 0,
    nextDue: null,
    overdue: 0,
    createdAt: NOW,
    ...over,
  };
}

const base = {
  ...HEADER_MOCKS,
  'GET /api/school/session': () => json(200, { result: [SESSION] }),
  [`GET /api/school/getallassignclass/${SESSION.sessionId}`]: () => json(200, pageOf([CLASS])),
};

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  // Floating UI cannot measure in jsdom and hides detached dropdowns: query hidden options too.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('records arithmetic', () => {
  it('shows a fee type’s value with its sign', () => {
    expect(typeValue({ kind: 'amount', value: 50_000 })).toBe('+₹500.00');
    expect(typeValue({ kind: 'amount', value: -20_000 })).toBe('−₹200.00');
    expect(typeValue({ kind: 'percent', value: -1_250 })).toBe('−12.5%');
  });

  it('previews a record with the contract’s total (amounts first, percents of that subtotal)', () => {
    const p = recordPreview(3_200_000, [feeType(1, 'Bus', 'amount', 50_000), feeType(2, 'Sibling', 'percent', -1_000)]);
    expect(p.lines.map((l) => l.amount)).toEqual([3_200_000, 50_000, -325_000]);
    expect(p.total).toBe(2_925_000);
  });

  it('previews a plan that adds up to the balance, or says why it cannot be made', () => {
    const monthly = planPreview(1_000_001, { mode: 'monthly', count: 3, startDate: '2026-01-31', dates: [] });
    expect(monthly).toEqual({
      rows: [
        { seq: 1, dueDate: '2026-01-31', amount: 333_333 },
        { seq: 2, dueDate: '2026-02-28', amount: 333_333 },
        { seq: 3, dueDate: '2026-03-31', amount: 333_335 },
      ],
    });
    expect(planPreview(2, { mode: 'monthly', count: 3, startDate: '2026-01-31', dates: [] })).toEqual({ problem: 'too_many' });
    expect(planPreview(100, { mode: 'monthly', count: '', startDate: '2026-01-31', dates: [] })).toEqual({ problem: 'count' });
    expect(planPreview(100, { mode: 'dates', count: 1, startDate: '', dates: ['2026-05-01', '2026-04-01'] })).toEqual({ problem: 'dates_order' });
    expect(planPreview(100, { mode: 'dates', count: 1, startDate: '', dates: ['2026-05-01', ''] })).toEqual({ problem: 'dates_missing' });
    expect(planBody(uuid(3), { mode: 'dates', count: 4, startDate: 'x', dates: ['2026-05-01'] })).toEqual({ feeRecordId: uuid(3), dueDates: ['2026-05-01'] });
  });
});

describe('/addfeerecord', () => {
  const aarav = student(11, 'Aarav Verma', 1);
  const diya = student(12, 'Diya Shah', 2);
  const rows = (withRecord: boolean): FeeRecordRow[] => [
    { student: aarav, record: withRecord ? record(aarav, { instalments: 4, instalmentsPaid: 1, paid: 800_000, balance: 2_400_000, nextDue: '2026-07-10' }) : null },
    { student: diya, record: null },
  ];

  it('says when the class has no class fee, with the way to set it', async () => {
    signIn(113);
    mockFetch({
      ...base,
      'GET /api/school/feerecord': () => json(200, pageOf(rows(false))),
      [`GET /api/fee/${CLASS.assignClassId}`]: () => json(200, { result: null }),
      'GET /api/school/feetype': () => json(200, pageOf([])),
    });
    renderApp(`/addfeerecord?class=${CLASS.assignClassId}`);
    const alert = await screen.findByTestId('no-class-fee');
    expect(alert).toHaveTextContent('Class 3 – B has no class fee yet');
    expect(within(alert).getByRole('link', { name: 'Set the class fee' })).toHaveAttribute('href', `/AddClassFee?assignClassId=${CLASS.assignClassId}`);
    expect(screen.getByRole('button', { name: 'Make fee records' })).toBeDisabled();
  });

  it('selects the students without a record, previews the total with the fee types, and makes the records', async () => {
    signIn(113);
    const bus = feeType(21, 'Bus', 'amount', 50_000);
    const sibling = feeType(22, 'Sibling', 'percent', -1_000);
    const fetch = mockFetch({
      ...base,
      'GET /api/school/feerecord': () => json(200, pageOf(rows(true))),
      [`GET /api/fee/${CLASS.assignClassId}`]: () => json(200, { result: CLASS_FEE }),
      'GET /api/school/feetype': () => json(200, pageOf([bus, sibling])),
      'POST /api/school/feerecord': () => json(200, { result: [record(diya, { total: 2_925_000, balance: 2_925_000 })] }),
    });
    const user = userEvent.setup();
    renderApp(`/addfeerecord?class=${CLASS.assignClassId}`);
    expect(await screen.findByText('Class fee of Class 3 – B: ₹32,000.00')).toBeInTheDocument();
    const list = await screen.findByRole('table', { name: 'Students of Class 3 – B and their fee records' });
    expect(within(list).getByText(/^1 of 4 instalments paid · next due/)).toBeInTheDocument();
    expect(within(list).getByText('No record')).toBeInTheDocument();
    // Only a student without a record has a box; "select all" takes just those.
    expect(within(list).queryByRole('checkbox', { name: 'Select Aarav Verma' })).toBeNull();
    await user.click(within(list).getByRole('checkbox', { name: 'Select all without a record' }));
    expect(screen.getByText('1 student selected')).toBeInTheDocument();

    await pick(user, 'Fee types', 'Bus (+₹500.00)');
    await pick(user, 'Fee types', 'Sibling (−10%)');
    const preview = screen.getByRole('table', { name: 'What each record comes to' });
    expect(preview).toHaveTextContent('Total per student₹29,250.00');

    await user.click(screen.getByRole('button', { name: 'Make 1 record' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({ assignClassId: CLASS.assignClassId, studentIds: [diya.userId], feeTypeIds: [bus.feeTypeId, sibling.feeTypeId] });
    expect(await screen.findByText('1 fee record made: ₹29,250.00.')).toBeInTheDocument();
  });

  it('shows the spec’s empty state when no student of the class has a record', async () => {
    signIn(113);
    mockFetch({
      ...base,
      'GET /api/school/feerecord': () => json(200, pageOf([])),
      [`GET /api/fee/${CLASS.assignClassId}`]: () => json(200, { result: CLASS_FEE }),
      'GET /api/school/feetype': () => json(200, pageOf([])),
    });
    renderApp(`/addfeerecord?class=${CLASS.assignClassId}&status=with`);
    expect(await screen.findByText('No fee record for the selected class')).toBeInTheDocument();
  });
});

describe('/addfeeemi', () => {
  const aarav = student(11, 'Aarav Verma', 1);
  const feesOf = (instalments: Instalment[]): StudentFees => ({
    student: { userId: aarav.userId, fullName: aarav.fullName, loginId: aarav.loginId },
    sessionId: SESSION.sessionId,
    record: record(aarav, { instalments: instalments.length }),
    classFee: CLASS_FEE,
    instalments,
    payments: [],
    today: TODAY,
    payOptions: { online: null, upi: false },
  });
  const planned: Instalment[] = [0, 1, 2, 3].map((i) => ({
    emiId: uuid(700 + i),
    seq: i + 1,
    dueDate: ['2026-06-15', '2026-07-15', '2026-08-15', '2026-09-15'][i]!,
    amount: 800_000,
    state: 'due',
    payment: null,
    lateFee: 0,
    lateFeeWaived: null,
    upiClaim: null,
  }));

  it('plans the balance with a live preview, then marks an instalment paid and names the receipt', async () => {
    signIn(113);
    let answer = feesOf([]);
    const fetch = mockFetch({
      ...base,
      [`GET /api/school/feerecord/emi/student/${aarav.userId}/${SESSION.sessionId}`]: () => json(200, { result: answer }),
      'GET /api/school/feerecord': () => json(200, pageOf([{ student: aarav, record: answer.record }])),
      'POST /api/school/feerecord/emi': () => {
        answer = feesOf(planned);
        return json(200, { message: 'Fee record EMI added successfully!', result: answer });
      },
      [`POST /api/school/feerecord/emi/paid/${planned[0]!.emiId}`]: () =>
        json(200, {
          result: {
            created: true,
            payment: {
              paymentId: uuid(800),
              receiptNo: 7,
              amount: 800_000,
              lateFee: 0,
              batchId: null,
              mode: 'upi',
              reference: 'UPI-1',
              paidOn: TODAY,
              receivedBy: null,
              createdAt: NOW,
              reversed: null,
              emiId: planned[0]!.emiId,
              seq: 1,
            },
          },
        }),
    });
    const user = userEvent.setup();
    renderApp(`/addfeeemi?class=${CLASS.assignClassId}&student=${aarav.userId}`);
    const form = await screen.findByTestId('plan-form');
    // Four monthly instalments from the school's today by default.
    const preview = () => within(form).getByRole('table', { name: 'Instalments of the plan' });
    expect(within(preview()).getAllByRole('row')).toHaveLength(6);
    expect(preview()).toHaveTextContent('₹8,000.00');
    const count = within(form).getByRole('textbox', { name: 'Number of instalments' });
    await user.clear(count);
    expect(within(form).getByText('Choose 1 to 24 instalments.')).toBeInTheDocument();
    await user.type(count, '3');
    expect(preview()).toHaveTextContent('₹10,666.66');
    expect(preview()).toHaveTextContent('₹10,666.68');
    await user.clear(count);
    await user.type(count, '4');
    await user.click(within(form).getByRole('button', { name: 'Save the plan' }));
    expect(await screen.findByText('Fee record EMI added successfully!')).toBeInTheDocument();
    const planCall = fetch.mock.calls.find(([url, i]) => String(url).endsWith('/feerecord/emi') && i?.method === 'POST')!;
    expect(JSON.parse(String(planCall[1]!.body))).toEqual({ feeRecordId: answer.record!.feeRecordId, count: 4, startDate: TODAY });

    await user.click(await screen.findByRole('button', { name: 'Mark paid: instalment 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark instalment 1 paid' });
    expect(within(dialog).getByLabelText(/Paid on/)).toHaveValue(formatDate(TODAY, 'en'));
    await pick(user, 'Mode', 'UPI');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'UPI-1');
    await user.click(within(dialog).getByRole('button', { name: 'Record ₹8,000.00 as paid' }));
    expect(await screen.findByText('Paid: ₹8,000.00 for Aarav Verma, receipt no. 7.')).toBeInTheDocument();
    const payCall = fetch.mock.calls.find(([url]) => String(url).includes('/emi/paid/'))!;
    expect(JSON.parse(String(payCall[1]!.body))).toEqual({ mode: 'upi', reference: 'UPI-1', paidOn: TODAY });
  });
});
