import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { Instalment, LateFeeSettings } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../../test/utils';
import { LateFeeLine } from '../LateFeeLine';
import { lateFeeBody } from './LateFeePage';
import { auditDetails } from '../../privacy';
import { i18n } from '../../../i18n';

const SESSION = { sessionId: 'a0000000-0000-4000-8000-000000000001', sessionYear: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', isCurrent: true };
const MOCKS = { ...HEADER_MOCKS, 'GET /api/school/session': () => json(200, { result: [SESSION] }) };
const settings = (over: Partial<LateFeeSettings> = {}): LateFeeSettings => ({
  sessionId: SESSION.sessionId,
  rule: null,
  charged: { count: 0, amount: 0 },
  waived: { count: 0, amount: 0 },
  reach: { families: 230, instalments: 412, overdueFamilies: 57, overdueInstalments: 61, smallest: 150_000 },
  today: '2026-11-25',
  ...over,
});
const bodies = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url, init]) => String(url).split('?')[0] === '/api/school/latefee' && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('/latefee', () => {
  it('sets a rule: per day needs a cap, the example follows the form, the body is in paise and basis points with what the kind does not use at 0', async () => {
    const fetch = mockFetch({
      ...MOCKS,
      'GET /api/school/latefee': () => json(200, { result: settings() }),
      'PUT /api/school/latefee': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { kind: 'percent'; afterDays: number; amount: number; percentBp: number; cap: number | null; active: boolean };
        return json(200, { result: settings({ rule: { ...body, updatedAt: '2026-11-25T05:00:00.000Z', updatedBy: null }, charged: { count: 12, amount: 60_000 } }) });
      },
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/latefee');
    expect(await screen.findByText('No late-fee rule yet: no late fee is charged.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /An amount per day/ })).toBeChecked();
    expect(screen.getByText('Fill in the rule to see what it charges.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Late fee per day/ }), '25');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('A late fee per day needs a cap')).toBeInTheDocument();
    expect(bodies(fetch)).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /At most/ }), '200');
    const example = screen.getByTestId('late-fee-example');
    expect(within(example).getByText('₹25.00')).toBeInTheDocument(); // 1 day
    expect(within(example).getByText('₹175.00')).toBeInTheDocument(); // 7 days
    expect(within(example).getByText('₹200.00')).toBeInTheDocument(); // 30 days: the cap

    // A percent instead: 2.5 % of the instalment, after 3 days of grace, no cap.
    await user.click(screen.getByRole('radio', { name: /A percent of the instalment/ }));
    await user.type(screen.getByRole('textbox', { name: /Percent of the instalment/ }), '2.5');
    await user.clear(screen.getByRole('textbox', { name: /At most/ }));
    const grace = screen.getByRole('textbox', { name: /Days of grace/ });
    await user.clear(grace);
    await user.type(grace, '3');
    expect(within(screen.getByTestId('late-fee-example')).getAllByText('₹250.00')).toHaveLength(2); // 7 and 30 days
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    // Nothing is saved before the principal has read whom the rule reaches.
    const confirm = await screen.findByRole('dialog', { name: 'Save and apply this late-fee rule?' });
    expect(within(confirm).getByText('It applies to 412 unpaid instalments of 230 families in this session, as each falls overdue.')).toBeInTheDocument();
    expect(within(confirm).getByText('61 instalments of 57 families are overdue now: they are charged as soon as you save, and their parents see it.')).toBeInTheDocument();
    expect(bodies(fetch)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Save and apply' }));
    expect(await screen.findByText('Late-fee rule saved: 12 instalments now have a late fee (₹600.00 in all).')).toBeInTheDocument();
    expect(bodies(fetch)).toEqual([{ sessionId: SESSION.sessionId, kind: 'percent', afterDays: 3, amount: 0, percentBp: 250, cap: null, active: true }]);
  });

  it('warns, under the example and before saving, of a late fee that can exceed the smallest unpaid instalment', async () => {
    const fetch = mockFetch({ ...MOCKS, 'GET /api/school/latefee': () => json(200, { result: settings() }) });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/latefee');
    await user.click(await screen.findByRole('radio', { name: /A fixed amount/ }, { timeout: 10_000 }));
    await user.type(screen.getByRole('textbox', { name: /Late fee/ }), '2000');
    const warning = 'This late fee can reach ₹2,000.00, more than the smallest unpaid instalment (₹1,500.00). Check the amount.';
    expect(screen.getByTestId('late-fee-exceeds')).toHaveTextContent(warning);
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    const confirm = await screen.findByRole('dialog', { name: 'Save and apply this late-fee rule?' });
    expect(within(confirm).getByText(warning)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bodies(fetch)).toEqual([]);
  });

  it('is read only for the system admin', async () => {
    mockFetch({
      ...MOCKS,
      'GET /api/school/latefee': () =>
        json(200, { result: settings({ rule: { kind: 'fixed', afterDays: 5, amount: 10_000, percentBp: 0, cap: null, active: true, updatedAt: '2026-11-20T05:00:00.000Z', updatedBy: null } }) }),
    });
    signIn(112);
    renderApp('/latefee');
    expect(await screen.findByText('Only the principal changes the late-fee rule.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /A fixed amount/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Late fee/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save rule' })).toBeNull();
    await waitFor(() => expect(within(screen.getByTestId('late-fee-example')).getAllByText('₹100.00')).toHaveLength(2));
  });

  it('keeps what a kind does not use at 0 in the body', () => {
    const v = { kind: 'fixed' as const, afterDays: null, amount: 5_000, percentBp: 300, cap: 9_000, active: false };
    expect(lateFeeBody('s', v)).toEqual({ sessionId: 's', kind: 'fixed', afterDays: 0, amount: 5_000, percentBp: 0, cap: null, active: false });
    expect(lateFeeBody('s', { ...v, kind: 'percent' })).toMatchObject({ amount: 0, percentBp: 300, cap: 9_000 });
  });
});

describe('LateFeeLine', () => {
  const base: Instalment = {
    emiId: 'e0000000-0000-4000-8000-000000000001',
    seq: 2,
    dueDate: '2026-11-24',
    amount: 650_000,
    state: 'overdue',
    payment: null,
    lateFee: 0,
    lateFeeWaived: null,
    upiClaim: null,
  };
  const line = (i: Instalment) => {
    const { container, unmount } = render(
      <MantineProvider>
        <LateFeeLine instalment={i} />
      </MantineProvider>,
    );
    const text = container.querySelector('[data-testid="late-fee"]')?.textContent ?? '';
    unmount();
    return text;
  };
  it('says charged, waived with the reason, paid, or nothing', () => {
    expect(line(base)).toBe('');
    expect(line({ ...base, lateFee: 1_000 })).toBe('Late fee ₹10.00');
    expect(line({ ...base, lateFeeWaived: { amount: 1_000, reason: 'Flood' } })).toBe('Late fee ₹10.00 waived: Flood');
    const payment = { paymentId: 'p0000000-0000-4000-8000-000000000001', receiptNo: 4, amount: 650_000, lateFee: 2_000, mode: 'cash' as const, reference: null, paidOn: '2026-11-25', receivedBy: null, createdAt: '2026-11-25T05:00:00.000Z', batchId: null, reversed: null, emiId: base.emiId, seq: 2 };
    expect(line({ ...base, state: 'paid', payment })).toBe('Late fee ₹20.00 paid');
  });
});

describe('the audit log', () => {
  it('says which late fee was waived, how much and why', () => {
    const t = i18n.getFixedT('en');
    expect(auditDetails({ action: 'edit', details: { of: 'fees', lateFeeWaived: { seq: 3, amount: 1_000, reason: 'Flood' } } }, t)).toBe('Late fee of ₹10.00 on instalment 3 waived — reason: Flood');
    expect(auditDetails({ action: 'edit', details: { lateFeeWaived: { seq: 3 } } }, t)).toBe('');
  });
});
