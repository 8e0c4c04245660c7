import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeaveBalances, LeaveType, StaffLeave } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, pageOf, renderApp, signIn } from '../../test/utils';
import { schoolToday } from '../attendance';
import { applyBody, documentNeeded, halfDayOffered, pendingFirst, rangeDays } from './leaveLogic';

const ME = '7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10';
const CL = 'a0000000-0000-4000-8000-000000000001';
const ML = 'a0000000-0000-4000-8000-000000000002';
const type = (leaveTypeId: string, code: string, name: string, over: Partial<LeaveType> = {}): LeaveType => ({
  leaveTypeId,
  code,
  name,
  nameHi: null,
  daysPerSession: 12,
  carryForwardMax: 0,
  halfDayAllowed: true,
  documentAfterDays: null,
  active: true,
  ...over,
});
const TYPES = [type(CL, 'CL', 'Casual leave', { nameHi: 'आकस्मिक अवकाश' }), type(ML, 'ML', 'Medical leave', { halfDayAllowed: false, documentAfterDays: 2 })];
const BALANCES: LeaveBalances = {
  userId: ME,
  fullName: 'Ravi Kumar',
  sessionId: null,
  balances: [
    { leaveTypeId: CL, code: 'CL', name: 'Casual leave', nameHi: null, opening: 0, granted: 12, used: 1.5, available: 10.5 },
    { leaveTypeId: ML, code: 'ML', name: 'Medical leave', nameHi: null, opening: 2, granted: 10, used: 0, available: 12 },
  ],
};
const leave = (n: number, over: Partial<StaffLeave> = {}): StaffLeave => ({
  leaveId: `b0000000-0000-4000-8000-00000000000${n}`,
  userId: ME,
  fullName: 'Ravi Kumar',
  leaveTypeId: CL,
  code: 'CL',
  typeName: 'Casual leave',
  typeNameHi: null,
  fromDate: '2026-12-10',
  toDate: '2026-12-11',
  half: null,
  days: 2,
  paidDays: null,
  unpaidDays: null,
  reason: 'Family wedding',
  file: null,
  status: 'pending',
  decidedByName: null,
  decidedAt: null,
  comment: null,
  createdAt: '2026-12-01T04:30:00.000Z',
  canCancel: false,
  canDecide: false,
  ...over,
});

const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('staff leave logic', () => {
  it('offers a half day for one day of a type that allows it, asks a document past the type’s days, and builds the body', () => {
    expect(rangeDays('2026-12-10', '2026-12-12')).toBe(3);
    expect(rangeDays('2026-12-12', '2026-12-10')).toBe(0);
    expect(halfDayOffered(TYPES[0], '2026-12-10', '2026-12-10')).toBe(true);
    expect(halfDayOffered(TYPES[0], '2026-12-10', '2026-12-11')).toBe(false);
    expect(halfDayOffered(TYPES[1], '2026-12-10', '2026-12-10')).toBe(false);
    expect(documentNeeded(TYPES[1], '2026-12-10', '2026-12-11')).toBe(false);
    expect(documentNeeded(TYPES[1], '2026-12-10', '2026-12-12')).toBe(true);
    expect(documentNeeded(TYPES[0], '2026-12-01', '2026-12-30')).toBe(false);
    expect(applyBody({ leaveTypeId: CL, fromDate: '2026-12-10', toDate: '2026-12-11', half: 'first', reason: ' x ' }, TYPES[0], null)).toEqual({
      leaveTypeId: CL,
      fromDate: '2026-12-10',
      toDate: '2026-12-11',
      half: null,
      reason: 'x',
      file: null,
    });
    expect(pendingFirst([leave(1, { status: 'approved' }), leave(2)]).map((l) => l.status)).toEqual(['pending', 'approved']);
  });
});

describe('/staffleave', () => {
  it('a teacher sees its balances and applications, no admin tabs; applies for half a day, and sees the server’s refusal in the form', async () => {
    const sent: unknown[] = [];
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/leavetypes': () => json(200, { result: { items: TYPES } }),
      'GET /api/school/staffleave/balances': () => json(200, { result: BALANCES }),
      'GET /api/school/staffleave': () => json(200, pageOf([leave(1, { status: 'approved', canCancel: true, days: 1.5, decidedByName: 'Sunita Rao', decidedAt: '2026-12-02T04:30:00.000Z' })])),
      'POST /api/school/staffleave': (_url, init) => {
        sent.push(JSON.parse(String(init.body)));
        return json(409, { error: 'CONFLICT', message: 'overlap', reason: 'leave_overlap', params: { fromDate: '2026-12-10', toDate: '2026-12-11' } });
      },
    });
    signIn(114, ME);
    const user = userEvent.setup();
    renderApp('/staffleave');
    const cards = await screen.findAllByTestId('leave-balance', {}, { timeout: 30_000 });
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('CL');
    expect(cards[0]).toHaveTextContent('10.5 of 12 days');
    expect(screen.queryByRole('tab')).toBeNull();
    const row = await screen.findByTestId('leave-row');
    expect(within(row).getByText('Approved')).toBeInTheDocument();
    expect(row).toHaveTextContent('1.5 days');
    expect(within(row).getByRole('button', { name: /^Cancel leave/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply for leave' }));
    const form = await screen.findByRole('form', { name: 'Leave application' });
    const today = schoolToday();
    // ML takes no half day; CL does, for one day only.
    await user.selectOptions(within(form).getByRole('combobox', { name: /Leave type/ }), ML);
    expect(within(form).queryByRole('radio', { name: 'First half' })).toBeNull();
    await user.selectOptions(within(form).getByRole('combobox', { name: /Leave type/ }), CL);
    expect(within(form).getByRole('radio', { name: 'First half' })).toBeInTheDocument();
    const last = within(form).getByRole('textbox', { name: /Last day/ });
    await user.clear(last);
    await user.type(last, plusDays(today, 2));
    expect(within(form).queryByRole('radio', { name: 'First half' })).toBeNull();
    await user.clear(last);
    await user.type(last, today);
    await user.click(within(form).getByRole('radio', { name: 'First half' }));
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Bank work');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ leaveTypeId: CL, fromDate: today, toDate: today, half: 'first', reason: 'Bank work', file: null });
    expect(await within(form).findByText(/You already have leave from 10 Dec 2026 to 11 Dec 2026/)).toBeInTheDocument();
  }, 90_000);

  it('an admin approves a pending application with a comment from the Applications tab', async () => {
    let decided: unknown;
    const lists: string[] = [];
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/staffleave': (url) => {
        lists.push(url);
        return json(200, pageOf([leave(2, { canDecide: true, fullName: 'Meena Joshi', userId: 'c0000000-0000-4000-8000-000000000009' })]));
      },
      'POST /api/school/staffleave/b0000000-0000-4000-8000-000000000002/decision': (_url, init) => {
        decided = JSON.parse(String(init.body));
        return json(200, { result: leave(2, { status: 'approved' }) });
      },
    });
    signIn(113, ME);
    const user = userEvent.setup();
    renderApp('/staffleave?tab=applications');
    const row = await screen.findByTestId('leave-row', {}, { timeout: 30_000 });
    expect(screen.getByRole('tab', { name: 'Leave types' })).toBeInTheDocument();
    expect(lists[0]).toContain('status=pending');
    expect(lists[0]).toContain('mine=false');
    expect(row).toHaveTextContent('Meena Joshi');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('form', { name: 'Approve this leave?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Granted');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decided).toEqual({ decision: 'approve', comment: 'Granted' }));
    expect(await screen.findByText('Leave approved')).toBeInTheDocument();
  }, 90_000);
});
