import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassFee, ClassFeeRow, FeeType } from '@shala/contract';
import { setLanguage } from '../../../i18n';
import { classSummaryFixture } from '../../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, pageOf, renderApp, signIn } from '../../../test/utils';
import { feeTypeBody } from './FeeTypeModals';
import { classFeeBody } from './ClassFeePage';
import { feeTypeValue, formatPercent } from './format';

const SESSION = { sessionId: 'a0000000-0000-4000-8000-000000000001', sessionYear: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', isCurrent: true };
const CLASS_5A = 'c0000000-0000-4000-8000-000000000001';
const CLASS_5B = 'c0000000-0000-4000-8000-000000000002';
const summary = (assignClassId: string, section: string) =>
  classSummaryFixture({ assignClassId, sessionId: SESSION.sessionId, section, students: 3, teachers: 1, subjects: 2, status: 'incomplete', createdAt: '2026-04-02T09:00:00.000Z' });
const MOCKS = {
  ...HEADER_MOCKS,
  'GET /api/school/session': () => json(200, { result: [SESSION] }),
  [`GET /api/school/getallassignclass/${SESSION.sessionId}`]: () => json(200, pageOf([summary(CLASS_5A, 'A'), summary(CLASS_5B, 'B')])),
};

const feeType = (over: Partial<FeeType>): FeeType => ({
  feeTypeId: 'f0000000-0000-4000-8000-000000000001',
  name: 'Transport',
  kind: 'amount',
  value: 120_000,
  description: null,
  status: true,
  createdAt: '2026-04-02T09:00:00.000Z',
  ...over,
});
const TRANSPORT = feeType({ description: 'Bus, both ways' });
const STAFF = feeType({ feeTypeId: 'f0000000-0000-4000-8000-000000000002', name: 'Staff child', value: -100_000 });
const SIBLING = feeType({ feeTypeId: 'f0000000-0000-4000-8000-000000000003', name: 'Sibling discount', kind: 'percent', value: -1_050 });

const classFee = (over: Partial<ClassFee> = {}): ClassFee => ({
  assignClassId: CLASS_5A,
  sessionId: SESSION.sessionId,
  academic: 150_000,
  convenience: 0,
  development: 50_000,
  tuition: 1_200_000,
  other: 0,
  taxBp: 1_800,
  subtotal: 1_400_000,
  tax: 252_000,
  total: 1_652_000,
  updatedAt: '2026-04-03T09:00:00.000Z',
  ...over,
});

const bodies = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && init?.method === method).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('fee type helpers', () => {
  it('signs a concession or discount negative and formats values exactly', () => {
    const base = { name: ' Late fee ', kind: 'amount' as const, effect: 'add' as const, value: 50_000, description: '' };
    expect(feeTypeBody(base)).toEqual({ name: 'Late fee', kind: 'amount', value: 50_000, description: '' });
    expect(feeTypeBody({ ...base, effect: 'subtract' }).value).toBe(-50_000);
    expect(feeTypeBody({ ...base, value: null }).value).toBeUndefined();
    expect(formatPercent(1_250)).toBe('12.50%');
    expect(formatPercent(-5)).toBe('-0.05%');
    expect(formatPercent(10_000)).toBe('100.00%');
    expect(feeTypeValue(STAFF)).toBe('-₹1,000.00');
    expect(feeTypeValue(SIBLING)).toBe('-10.50%');
    expect(classFeeBody({ academic: 1, convenience: null, development: 2, tuition: null, other: 3, taxBp: null })).toEqual({
      academic: 1,
      convenience: 0,
      development: 2,
      tuition: 0,
      other: 3,
      taxBp: 0,
    });
  });
});

describe('/AddFeetype', () => {
  it('lists fee types with their value and effect; switching one off asks first', async () => {
    mockFetch({ ...MOCKS, 'GET /api/school/feetype': () => json(200, pageOf([SIBLING, STAFF, TRANSPORT])) });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/AddFeetype');
    const staff = await screen.findByRole('row', { name: /Staff child/ }, { timeout: 10_000 });
    expect(within(staff).getByText('-₹1,000.00')).toBeInTheDocument();
    expect(within(staff).getByText('Concession')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Sibling discount/ })).getByText('-10.50%')).toBeInTheDocument();
    const transport = screen.getByRole('row', { name: /Transport/ });
    expect(within(transport).getByText('₹1,200.00')).toBeInTheDocument();
    expect(within(transport).getByText('Bus, both ways')).toBeInTheDocument();
    await user.click(within(transport).getByRole('switch', { name: 'Active: Transport' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText(/switch off the fee type Transport\?/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  });

  it('shows the empty state', async () => {
    mockFetch({ ...MOCKS, 'GET /api/school/feetype': () => json(200, pageOf([])) });
    signIn(113);
    renderApp('/AddFeetype');
    expect(await screen.findByText('No fee types yet. Add the first one.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('adds a concession as a negative amount; a taken name (409) lands on the name; a percent sends basis points', async () => {
    const fetch = mockFetch({
      ...MOCKS,
      'GET /api/school/feetype': () => json(200, pageOf([TRANSPORT])),
      'POST /api/school/feetype': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { name: string; kind: 'amount' | 'percent'; value: number };
        if (body.name.toLowerCase() === 'transport') {
          return json(409, { error: 'CONFLICT', message: 'taken', reason: 'fee_type_taken', field: 'name', params: { name: body.name } });
        }
        return json(200, { result: feeType({ feeTypeId: 'f0000000-0000-4000-8000-000000000009', ...body, description: null }) });
      },
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/AddFeetype');
    await user.click(await screen.findByRole('button', { name: 'Add fee type' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add fee type' });
    // Nothing typed: the value is required, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add fee type' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(2);
    expect(bodies(fetch, 'POST', '/api/school/feetype')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'TRANSPORT');
    await user.click(within(dialog).getByRole('radio', { name: 'Takes off (concession)' }));
    expect(within(dialog).getByText(/A concession: this amount is taken off/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '1500.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add fee type' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(/A fee type named TRANSPORT already exists/);
    expect(bodies(fetch, 'POST', '/api/school/feetype')).toEqual([{ name: 'TRANSPORT', kind: 'amount', value: -150_050, description: '' }]);

    await user.clear(name);
    await user.type(name, 'Sibling discount');
    await user.click(within(dialog).getByRole('radio', { name: 'Percent (%)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Percent/ }), '12.5');
    await user.click(within(dialog).getByRole('radio', { name: 'Takes off (discount)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add fee type' }));
    expect(await screen.findByText('Fee type Sibling discount (-12.50%) added.')).toBeInTheDocument();
    expect(bodies(fetch, 'POST', '/api/school/feetype').at(-1)).toEqual({ name: 'Sibling discount', kind: 'percent', value: -1_250, description: '' });
  });

  it('edits the name and description only, and says why kind and value stay', async () => {
    const fetch = mockFetch({
      ...MOCKS,
      'GET /api/school/feetype': () => json(200, pageOf([STAFF])),
      [`PATCH /api/school/feetype/${STAFF.feeTypeId}`]: (_url, init) => json(200, { result: { ...STAFF, ...(JSON.parse(String(init.body)) as object) } }),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/AddFeetype');
    await user.click(await screen.findByRole('button', { name: 'Edit Staff child' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff child' });
    expect(within(dialog).getByText('Amount: -₹1,000.00 · Concession')).toBeInTheDocument();
    expect(within(dialog).getByText(/cannot be changed later/)).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Staff ward');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Fee type Staff ward saved.')).toBeInTheDocument();
    expect(bodies(fetch, 'PATCH', `/api/school/feetype/${STAFF.feeTypeId}`)).toEqual([{ name: 'Staff ward', description: '' }]);
  });
});

describe('/AddClassFee', () => {
  it('works the total out while typing, saves the parts (never a total) and goes to the list', async () => {
    let saved: unknown;
    const fetch = mockFetch({
      ...MOCKS,
      [`GET /api/fee/${CLASS_5B}`]: () => json(200, { result: null }),
      [`POST /api/fee/${CLASS_5B}`]: (_url, init) => {
        saved = JSON.parse(String(init.body));
        return json(200, { result: classFee({ assignClassId: CLASS_5B, ...(saved as object), subtotal: 100_050, tax: 5_003, total: 105_053 }) });
      },
      'GET /api/allfee': () => json(200, pageOf([])),
    });
    signIn(112);
    const user = userEvent.setup();
    const { router } = renderApp(`/AddClassFee?assignClassId=${CLASS_5B}`);
    const tuition = await screen.findByRole('textbox', { name: 'Tuition fee' }, { timeout: 10_000 });
    expect(screen.getByText('No fee set yet')).toBeInTheDocument();
    expect(screen.getByTestId('live-total')).toHaveTextContent('₹0.00');
    await user.clear(tuition);
    await user.type(tuition, '1000.50');
    expect(screen.getByTestId('live-total')).toHaveTextContent('₹1,000.50');
    const tax = screen.getByRole('textbox', { name: /^Tax/ });
    await user.clear(tax);
    await user.type(tax, '5');
    // 5 % of ₹1,000.50 = ₹50.025 → ₹50.03 (half up)
    expect(screen.getByText('₹50.03')).toBeInTheDocument();
    expect(screen.getByTestId('live-total')).toHaveTextContent('₹1,050.53');
    await user.click(screen.getByRole('button', { name: 'Save fee' }));
    expect(await screen.findByText('Fee of Class 5 – B saved: total ₹1,050.53.')).toBeInTheDocument();
    expect(saved).toEqual({ academic: 0, convenience: 0, development: 0, tuition: 100_050, other: 0, taxBp: 500 });
    expect(bodies(fetch, 'POST', `/api/fee/${CLASS_5B}`)[0]).not.toHaveProperty('total');
    await waitFor(() => expect(router.state.location.pathname).toBe('/viewall_fees'));
  });

  it('loads the class’s fee, asks for a class when none is chosen, and shows a 400 on its field', async () => {
    mockFetch({
      ...MOCKS,
      [`GET /api/fee/${CLASS_5A}`]: () => json(200, { result: classFee() }),
      [`POST /api/fee/${CLASS_5A}`]: () =>
        json(400, { error: 'VALIDATION_ERROR', message: 'bad', issues: [{ path: 'body.tuition', message: 'Too big', code: 'too_big', params: { maximum: 1_000_000_000 } }] }),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/AddClassFee');
    expect(await screen.findByText('Choose a class to set its fee.', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Class' }));
    await user.click(await screen.findByRole('option', { name: 'Class 5 – A', hidden: true }));
    const tuition = await screen.findByRole('textbox', { name: 'Tuition fee' });
    expect(tuition).toHaveValue('₹12,000.00');
    expect(screen.getByText('Saved total: ₹16,520.00')).toBeInTheDocument();
    expect(screen.getByTestId('live-total')).toHaveTextContent('₹16,520.00');
    await user.click(screen.getByRole('button', { name: 'Save fee' }));
    await waitFor(() => expect(tuition).toHaveAttribute('aria-invalid', 'true'));
    expect(tuition).toHaveAccessibleDescription('Enter an amount from ₹0.00 to ₹1,00,00,000.00.');
  });
  it('takes a fee saved meanwhile while nothing is typed, and keeps what the user typed after that', async () => {
    let served = classFee();
    mockFetch({ ...MOCKS, [`GET /api/fee/${CLASS_5A}`]: () => json(200, { result: served }) });
    signIn(113);
    const user = userEvent.setup();
    const { queryClient } = renderApp(`/AddClassFee?assignClassId=${CLASS_5A}`);
    const tuition = await screen.findByRole('textbox', { name: 'Tuition fee' }, { timeout: 10_000 });
    expect(tuition).toHaveValue('₹12,000.00');
    // Saved at another desk, nothing typed here: the form shows it.
    served = classFee({ tuition: 1_300_000, subtotal: 1_500_000, tax: 270_000, total: 1_770_000, updatedAt: '2026-04-04T09:00:00.000Z' });
    await queryClient.refetchQueries({ queryKey: ['fees'] });
    await waitFor(() => expect(tuition).toHaveValue('₹13,000.00'));
    expect(screen.getByText('Saved total: ₹17,700.00')).toBeInTheDocument();
    // The user types; another save arrives: the typed value stays, the saved total is told.
    await user.clear(tuition);
    await user.type(tuition, '9000');
    served = classFee({ tuition: 1_400_000, subtotal: 1_600_000, tax: 288_000, total: 1_888_000, updatedAt: '2026-04-05T09:00:00.000Z' });
    await queryClient.refetchQueries({ queryKey: ['fees'] });
    expect(await screen.findByText('Saved total: ₹18,880.00')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Tuition fee' })).toHaveValue('₹9,000');
  });
});

describe('/viewall_fees', () => {
  const rows: ClassFeeRow[] = [
    { class: { assignClassId: CLASS_5A, masterClass: '5', className: '5', section: 'A' }, students: 3, fee: classFee() },
    { class: { assignClassId: CLASS_5B, masterClass: '5', className: '5', section: 'B' }, students: 1, fee: null },
  ];

  it('shows each class’s parts, tax and total, and "Not set" with a link to set it', async () => {
    mockFetch({ ...MOCKS, 'GET /api/allfee': () => json(200, pageOf(rows)) });
    signIn(113);
    renderApp('/viewall_fees');
    const a = await screen.findByRole('row', { name: /Class 5 – A/ }, { timeout: 10_000 });
    expect(within(a).getByText('₹16,520.00')).toBeInTheDocument();
    expect(within(a).getByText('₹2,520.00')).toBeInTheDocument();
    expect(within(a).getByText('18.00%')).toBeInTheDocument();
    expect(within(a).getByRole('link', { name: 'Edit fee of Class 5 – A' })).toHaveAttribute('href', `/AddClassFee?assignClassId=${CLASS_5A}`);
    const b = screen.getByRole('row', { name: /Class 5 – B/ });
    expect(within(b).getByText('Not set')).toBeInTheDocument();
    expect(within(b).getByRole('link', { name: 'Set fee for Class 5 – B' })).toHaveAttribute('href', `/AddClassFee?assignClassId=${CLASS_5B}`);

    await setLanguage('hi');
    try {
      expect(await within(screen.getByRole('row', { name: /कक्षा 5 – B/ })).findByText('तय नहीं')).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('shows the empty state when the session has no classes', async () => {
    mockFetch({ ...MOCKS, 'GET /api/allfee': () => json(200, pageOf([])) });
    signIn(112);
    renderApp('/viewall_fees');
    expect(await screen.findByText('No classes in this session yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add classes and sections' })).toHaveAttribute('href', '/addclass');
  });
});
